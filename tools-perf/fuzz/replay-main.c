// SPDX-License-Identifier: GPL-2.0
/*
 * main() for running the libFuzzer harness sample-fuzz.c without libFuzzer:
 * LLVMFuzzerInitialize() once, then LLVMFuzzerTestOneInput() on each file
 * named on the command line, in order, in one process. Before each input
 * it writes "replay: FILE" to stderr, so that a valgrind report that follows
 * names the input that caused it. Exits 1 if a file cannot be read.
 *
 * Usage: sample-replay FILE...
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * Read all of @path into a new buffer of exactly its size, which goes into
 * @size, so that memcheck sees any read past the input; NULL with errno
 * set on error.
 */
static uint8_t *read_input(const char *path, size_t *size)
{
	uint8_t *buf = NULL;
	struct stat st;
	FILE *f;

	f = fopen(path, "rb");
	if (!f)
		return NULL;
	if (fstat(fileno(f), &st))
		goto out;
	if (!S_ISREG(st.st_mode)) {
		errno = EINVAL;
		goto out;
	}
	/* At least one byte: malloc(0) may return NULL */
	buf = malloc(st.st_size ? st.st_size : 1);
	if (!buf)
		goto out;
	if (fread(buf, 1, st.st_size, f) != (size_t)st.st_size) {
		free(buf);
		buf = NULL;
		goto out;
	}
	*size = st.st_size;
out:
	fclose(f);
	return buf;
}

int main(int argc, char **argv)
{
	size_t size;
	uint8_t *buf;
	int i;

	LLVMFuzzerInitialize(&argc, &argv);
	for (i = 1; i < argc; i++) {
		fprintf(stderr, "replay: %s\n", argv[i]);
		buf = read_input(argv[i], &size);
		if (!buf) {
			perror(argv[i]);
			return 1;
		}
		/* Exactly the input's bytes, as libFuzzer passes them */
		LLVMFuzzerTestOneInput(buf, size);
		free(buf);
	}
	fprintf(stderr, "replay: %d inputs done\n", argc - 1);
	return 0;
}
