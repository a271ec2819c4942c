// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness for perf's parsing and printing of PERF_RECORD_SAMPLE
 * records with the SIMD register ABI.
 *
 * An input is an event attr and one sample record as they are in a
 * perf.data file, after a small head that chooses what a file does not say:
 *
 *	struct fuzz_head	flags, machine of the data, perf script filter
 *	attr bytes		sizeof(struct perf_event_attr) bytes, of which
 *				attr.size are read, as perf_session__open()
 *				reads an attr section
 *	record			a perf_event_header and the sample body; the
 *				header's type and size are set from the input
 *
 * With FUZZ_SWAP the attr and the record are in the other byte order and go
 * through perf_event__attr_swap() and perf_event__swap(), as a session
 * swaps them. A record that evsel__parse_sample() accepts is delivered with
 * dump_trace set, which prints it as perf report -D does, then its register
 * dumps are printed as perf script -F iregs,uregs prints them, through the
 * filter of the head when FUZZ_FILTER is set, and walked by name as the
 * Python scripts and the JSON converter walk them. All output goes to
 * /dev/null: the harness looks for crashes and sanitizer reports only.
 */
#include <byteswap.h>
#include <elf.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/perf_event.h>

#include "util/debug.h"
#include "util/env.h"
#include "util/event.h"
#include "util/evlist.h"
#include "util/evsel.h"
#include "util/perf_regs.h"
#include "util/sample.h"
#include "util/session.h"
#include "util/tool.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_SWAP	0x1	/* attr and record have the other byte order */
#define FUZZ_FILTER	0x2	/* perf script --intr-regs/--user-regs filter */

struct fuzz_head {
	uint8_t		flags;
	uint8_t		machine;	/* index into machines[] */
	uint8_t		__pad[6];
	uint64_t	filter_regs;	/* struct perf_regs_filter */
	uint64_t	filter_vec_mask;
	uint32_t	filter_pred_mask;
	uint32_t	__pad2;
};

/* The machines whose register names the printers know */
static const uint16_t machines[] = { EM_X86_64, EM_386, EM_AARCH64, EM_NONE };

static struct perf_env host_env;
static struct perf_tool tool;
static struct perf_session *session;
static FILE *devnull;

int LLVMFuzzerInitialize(int *argc __maybe_unused, char ***argv __maybe_unused)
{
	devnull = fopen("/dev/null", "w");
	if (!devnull || !freopen("/dev/null", "w", stdout)) {
		perror("/dev/null");
		exit(1);
	}
	/* Format every message of the parser too, into /dev/null */
	debug_set_file(devnull);
	verbose = 2;
	dump_trace = true;

	perf_env__init(&host_env);
	perf_tool__init(&tool, /*ordered_events=*/false);
	/* Deliver every sample now, not at a later callchain record */
	tool.merge_deferred_callchains = false;
	session = __perf_session__new(/*data=*/NULL, &tool, /*repipe=*/false, &host_env);
	if (IS_ERR(session)) {
		fprintf(stderr, "cannot create a perf session\n");
		exit(1);
	}
	return 0;
}

/* Read every value of a register, as the Python and JSON printers do. */
static int visit_reg(const char *name, const u64 *qwords, u16 nr_qwords, void *arg)
{
	u64 *sum = arg;

	*sum += strlen(name);
	for (int i = 0; qwords && i < nr_qwords; i++)
		*sum += qwords[i];
	return 0;
}

/* perf script -F iregs,uregs, and the walk by register name */
static void print_regs(struct regs_dump *regs, u64 mask, const struct perf_event_attr *attr,
		       const struct perf_regs_filter *filter, uint16_t e_machine,
		       uint32_t e_flags)
{
	u64 sum = 0;

	regs_dump__fprintf_filtered(regs, mask, filter, e_machine, e_flags, devnull);
	regs_dump__visit_regs(regs, attr, e_machine, e_flags, visit_reg, &sum);
	fprintf(devnull, "%" PRIu64 "\n", sum);
}

/*
 * Fill @attr as read_attr() and perf_session__read_header() do from @buf,
 * the attr section of a file; false for an attr perf refuses to read.
 */
static bool fuzz_read_attr(struct perf_event_attr *attr, const uint8_t *buf, bool swap)
{
	size_t sz;

	memset(attr, 0, sizeof(*attr));
	memcpy(attr, buf, PERF_ATTR_SIZE_VER0);
	sz = swap ? bswap_32(attr->size) : attr->size;
	if (!sz)
		sz = PERF_ATTR_SIZE_VER0;
	else if (sz < PERF_ATTR_SIZE_VER0 || sz > sizeof(*attr))
		return false;
	memcpy((void *)attr + PERF_ATTR_SIZE_VER0, buf + PERF_ATTR_SIZE_VER0,
	       sz - PERF_ATTR_SIZE_VER0);
	if (swap)
		perf_event__attr_swap(attr);

	/* perf_session__open(): PERF_SAMPLE_READ implies PERF_FORMAT_ID */
	return !(attr->sample_type & PERF_SAMPLE_READ) ||
	       (attr->read_format & PERF_FORMAT_ID);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const size_t rec_off = sizeof(struct fuzz_head) + sizeof(struct perf_event_attr);
	struct perf_regs_filter filter = { 0 };
	struct perf_event_attr attr;
	struct perf_sample sample;
	struct fuzz_head head;
	union perf_event *event;
	struct evlist *evlist;
	struct evsel *evsel;
	uint16_t e_machine;
	uint32_t e_flags;
	size_t rec_size;
	bool swap;
	int ret;

	if (size < rec_off + sizeof(struct perf_event_header))
		return -1;
	rec_size = size - rec_off;
	if (rec_size > UINT16_MAX)
		return -1;

	memcpy(&head, data, sizeof(head));
	swap = head.flags & FUZZ_SWAP;
	if (!fuzz_read_attr(&attr, data + sizeof(head), swap))
		return -1;

	/* Exactly the record's bytes, so that ASan sees any read past it */
	event = malloc(rec_size);
	if (!event)
		return 0;
	memcpy(event, data + rec_off, rec_size);
	if (swap)
		perf_event_header__bswap(&event->header);
	event->header.type = PERF_RECORD_SAMPLE;
	event->header.size = rec_size;
	/* A session skips a record it cannot swap */
	if (swap && perf_event__swap(event, attr.sample_id_all)) {
		free(event);
		return -1;
	}

	evlist = evlist__new();
	evsel = evsel__new(&attr);
	if (!evlist || !evsel) {
		evlist__put(evlist);
		evsel__put(evsel);
		free(event);
		return 0;
	}
	evsel->needs_swap = swap;
	evlist__add(evlist, evsel);
	session->evlist = evlist;
	evlist__set_session(evlist, session);

	/* The machine of the data: names of the registers */
	e_machine = machines[head.machine % ARRAY_SIZE(machines)];
	e_flags = 0;
	host_env.e_machine = e_machine;
	host_env.e_flags = e_flags;

	filter.regs = head.filter_regs;
	filter.simd.vec_mask = head.filter_vec_mask;
	filter.simd.pred_mask = head.filter_pred_mask;

	perf_sample__init(&sample, /*all=*/false);
	ret = evsel__parse_sample(evsel, event, &sample);
	if (!ret) {
		/* perf report -D */
		perf_session__deliver_synth_event(session, event, &sample);

		/* perf script -F iregs,uregs */
		if (sample.intr_regs)
			print_regs(sample.intr_regs, attr.sample_regs_intr, &attr,
				   head.flags & FUZZ_FILTER ? &filter : NULL, e_machine, e_flags);
		if (sample.user_regs)
			print_regs(sample.user_regs, attr.sample_regs_user, &attr,
				   head.flags & FUZZ_FILTER ? &filter : NULL, e_machine, e_flags);
	}
	perf_sample__exit(&sample);

	session->evlist = NULL;
	evlist__put(evlist);
	free(event);
	return 0;
}
