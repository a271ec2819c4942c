// SPDX-License-Identifier: GPL-2.0
/*
 * FPU integrity stress under SIMD register sampling.
 *
 * N tasks (processes, default 4) each load a pattern of their own into
 * every vector register the CPU has (XMM0-15 with SSE, YMM0-15 with AVX,
 * ZMM0-31 and k0-k7 with AVX-512: CPUID and XCR0 decide at run time), keep
 * it across a syscall (sched_yield, nanosleep or getppid, or none, by
 * turns) and a user-mode spin, and check every register after each
 * iteration; the pattern changes every iteration. A timer signal interrupts them: its handler clobbers
 * every vector register and sigreturn must restore them. Task 0 is traced:
 * the controller stops it again and again, rewrites its vector registers
 * with PTRACE_SETREGSET NT_X86_XSTATE, reads them back, and restores them.
 * Meanwhile every task is sampled by a cpu-clock event at the highest rate
 * the kernel allows (perf_event_max_sample_rate) with PERF_SAMPLE_REGS_USER
 * and PERF_SAMPLE_REGS_INTR of every vector (and opmask) register; each
 * sample is checked (perf_record.c) and no vector value it carries may be
 * another task's pattern.
 *
 * Pass (exit 0): no corrupted register, no sample with another task's
 * pattern or a misplaced one, every ptrace rewrite read back as written
 * and restored, and at least one sample carrying its task's pattern.
 * Usage: fpu_stress [-n TASKS] [-t SECS] [-c CHECKS] [-S]
 *   -S  no sampling: only the register checks, signals and ptrace (for
 *       kernels without SIMD register sampling)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <elf.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <asm/perf_regs.h>
#include "perf_record.h"

#define MAX_TASKS	16
#define MAGIC		0xf5a5ULL

enum mode { MODE_SSE, MODE_AVX, MODE_AVX512 };
static const char *const mode_names[] = { "SSE (XMM0-15)", "AVX (YMM0-15)",
					   "AVX-512 (ZMM0-31, k0-7)" };
static enum mode mode;
static unsigned int nvec, qwords, npred;	/* registers and their width */

struct task_stats {
	__u64 iterations, checks, corrupt, signals;
};

static struct shared {
	volatile int stop;
	struct task_stats t[MAX_TASKS];
} *sh;

static struct {
	__u64 samples, simd_read, simd_not_read, own, foreign, misplaced,
	      other, lost, bad_records, rewrites, rewrite_errors, stops;
} st;

/* Register @reg, qword @q of task @task in iteration @gen; opmasks are 32+ */
static __u64 pattern(unsigned int task, __u64 gen, unsigned int reg, unsigned int q)
{
	return MAGIC << 48 | (__u64)task << 40 | (gen & 0xffffff) << 16 | reg << 8 | q;
}

/*
 * cycle_*(in, out, nr, arg): load every register from in[], make the
 * syscall nr(arg) (none if nr < 0), spin 1000 rounds in user mode, store
 * every register to out[].
 */
#define R16(m) m(0) m(1) m(2) m(3) m(4) m(5) m(6) m(7) \
	       m(8) m(9) m(10) m(11) m(12) m(13) m(14) m(15)
#define R32(m) R16(m) m(16) m(17) m(18) m(19) m(20) m(21) m(22) m(23) \
	       m(24) m(25) m(26) m(27) m(28) m(29) m(30) m(31)
#define K8(m) m(0) m(1) m(2) m(3) m(4) m(5) m(6) m(7)
#define LD_X(n) "movdqu " #n "*16(%rdi), %xmm" #n "\n\t"
#define ST_X(n) "movdqu %xmm" #n ", " #n "*16(%r10)\n\t"
#define LD_Y(n) "vmovdqu " #n "*32(%rdi), %ymm" #n "\n\t"
#define ST_Y(n) "vmovdqu %ymm" #n ", " #n "*32(%r10)\n\t"
#define LD_Z(n) "vmovdqu64 " #n "*64(%rdi), %zmm" #n "\n\t"
#define ST_Z(n) "vmovdqu64 %zmm" #n ", " #n "*64(%r10)\n\t"
#define LD_K(n) "kmovq 2048+" #n "*8(%rdi), %k" #n "\n\t"
#define ST_K(n) "kmovq %k" #n ", 2048+" #n "*8(%r10)\n\t"
#define CLOB_X(n) "pcmpeqb %xmm" #n ", %xmm" #n "\n\t"
#define CLOB_Y(n) "vpcmpeqb %ymm" #n ", %ymm" #n ", %ymm" #n "\n\t"
#define CLOB_Z(n) "vpternlogd $0xff, %zmm" #n ", %zmm" #n ", %zmm" #n "\n\t"
#define CLOB_K(n) "kxnorq %k" #n ", %k" #n ", %k" #n "\n\t"

#define CYCLE_BODY(LOADS, STORES)					\
	LOADS								\
	"mov %rsi, %r10\n\t"						\
	"test %rdx, %rdx\n\t"						\
	"js 1f\n\t"							\
	"mov %rdx, %rax\n\t"						\
	"mov %rcx, %rdi\n\t"						\
	"xor %esi, %esi\n\t"						\
	"syscall\n"							\
	"1:\n\t"							\
	"mov $1000, %r11d\n"						\
	"2:\n\t"							\
	"dec %r11d\n\t"							\
	"jnz 2b\n\t"							\
	STORES								\
	"ret\n\t"

__attribute__((naked)) static void cycle_sse(const __u64 *in, __u64 *out, long nr, long arg)
{
	__asm__(CYCLE_BODY(R16(LD_X), R16(ST_X)));
}

__attribute__((naked)) static void cycle_avx(const __u64 *in, __u64 *out, long nr, long arg)
{
	__asm__(CYCLE_BODY(R16(LD_Y), R16(ST_Y)));
}

__attribute__((naked)) static void cycle_avx512(const __u64 *in, __u64 *out, long nr, long arg)
{
	__asm__(CYCLE_BODY(R32(LD_Z) K8(LD_K), R32(ST_Z) K8(ST_K)));
}

__attribute__((naked)) static void clobber_sse(void)
{
	__asm__(R16(CLOB_X) "ret");
}

__attribute__((naked)) static void clobber_avx(void)
{
	__asm__(R16(CLOB_Y) "ret");
}

__attribute__((naked)) static void clobber_avx512(void)
{
	__asm__(R32(CLOB_Z) K8(CLOB_K) "ret");
}

static void cpuid(unsigned int leaf, unsigned int sub, unsigned int r[4])
{
	__asm__ volatile("cpuid" : "=a"(r[0]), "=b"(r[1]), "=c"(r[2]), "=d"(r[3])
			 : "a"(leaf), "c"(sub));
}

static __u64 xcr0;

static void probe(void)
{
	unsigned int r[4], a, d;

	cpuid(1, 0, r);
	mode = MODE_SSE;
	if (r[2] & (1u << 27)) {	/* OSXSAVE */
		__asm__ volatile("xgetbv" : "=a"(a), "=d"(d) : "c"(0));
		xcr0 = (__u64)d << 32 | a;
		if (r[2] & (1u << 28) && (xcr0 & 0x6) == 0x6)
			mode = MODE_AVX;
		cpuid(7, 0, r);
		if (mode == MODE_AVX && r[1] & (1u << 16) && (xcr0 & 0xe0) == 0xe0)
			mode = MODE_AVX512;
	}
	nvec = mode == MODE_AVX512 ? 32 : 16;
	qwords = mode == MODE_SSE ? 2 : mode == MODE_AVX ? 4 : 8;
	npred = mode == MODE_AVX512 ? 8 : 0;
}

/* in[] and out[]: vectors at 0, opmasks at byte 2048 */
#define REG_QWORDS (32 * 8 + 8)

static void cycle(const __u64 *in, __u64 *out, long nr, long arg)
{
	if (mode == MODE_SSE)
		cycle_sse(in, out, nr, arg);
	else if (mode == MODE_AVX)
		cycle_avx(in, out, nr, arg);
	else
		cycle_avx512(in, out, nr, arg);
}

static unsigned int my_task;

static void on_signal(int sig)
{
	sh->t[my_task].signals++;
	if (mode == MODE_SSE)
		clobber_sse();
	else if (mode == MODE_AVX)
		clobber_avx();
	else
		clobber_avx512();
}

static void fill(__u64 *in, unsigned int task, __u64 gen)
{
	unsigned int r, q;

	for (r = 0; r < nvec; r++)
		for (q = 0; q < qwords; q++)
			in[r * qwords + q] = pattern(task, gen, r, q);
	for (r = 0; r < npred; r++)
		in[256 + r] = pattern(task, gen, 32 + r, 0);
}

static void task_main(unsigned int task)
{
	static const long nrs[] = { -1, SYS_sched_yield, SYS_nanosleep, SYS_getppid };
	struct timespec ts = { 0, 10000 };
	struct task_stats *me = &sh->t[task];
	__u64 in[REG_QWORDS] __attribute__((aligned(64)));
	__u64 out[REG_QWORDS] __attribute__((aligned(64)));
	struct itimerval it = { { 0, 2000 + 500 * task }, { 0, 2000 + 500 * task } };
	struct sigaction sa = { .sa_handler = on_signal };
	unsigned int r, q, reported = 0;
	__u64 gen;

	my_task = task;
	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &it, NULL);
	for (gen = 0; !sh->stop; gen++) {
		long nr = nrs[gen % 4];

		fill(in, task, gen);
		memset(out, 0, sizeof(out));
		cycle(in, out, nr, nr == SYS_nanosleep ? (long)&ts : 0);
		for (r = 0; r < nvec + npred; r++) {
			unsigned int base = r < nvec ? r * qwords : 256 + r - nvec;
			unsigned int n = r < nvec ? qwords : 1;

			me->checks++;
			for (q = 0; q < n; q++) {
				if (in[base + q] == out[base + q])
					continue;
				me->corrupt++;
				if (reported++ < 5)
					printf("fpu_stress: task %u iteration %llu: %s%u qword %u is %#llx, not %#llx\n",
					       task, (unsigned long long)gen,
					       r < nvec ? "vector " : "opmask ",
					       r < nvec ? r : r - nvec, q,
					       (unsigned long long)out[base + q],
					       (unsigned long long)in[base + q]);
				break;
			}
		}
		me->iterations++;
	}
	_exit(0);
}

static pid_t pids[MAX_TASKS];
static unsigned int ntasks = 4;

/* Check the vector values of one dump: own pattern, another task's, or other */
static void check_dump(const struct regs_dump *d, int task)
{
	unsigned int r, q, own = 0, n = 0;

	if (!(d->abi & PERF_SAMPLE_REGS_ABI_SIMD))
		return;
	/* The request always has vectors: a header of zeros is "not read" */
	if (simd_header_zero(d)) {
		st.simd_not_read++;
		return;
	}
	st.simd_read++;
	for (r = 0; r < (unsigned int)d->nr_vectors + d->nr_pred; r++) {
		unsigned int w = r < d->nr_vectors ? d->vector_qwords : d->pred_qwords;
		unsigned int reg = r < d->nr_vectors ? r : 32 + r - d->nr_vectors;
		const __u64 *v = d->data + (r < d->nr_vectors ? r * d->vector_qwords :
			d->nr_vectors * d->vector_qwords + (r - d->nr_vectors) * d->pred_qwords);

		for (q = 0; q < w; q++, n++) {
			if (v[q] >> 48 != MAGIC)
				continue;
			if ((int)((v[q] >> 40) & 0xff) != task) {
				st.foreign++;
				printf("fpu_stress: sample of task %d: register %u qword %u holds %#llx of task %llu\n",
				       task, reg, q, (unsigned long long)v[q],
				       (unsigned long long)((v[q] >> 40) & 0xff));
			} else if (((v[q] >> 8) & 0xff) != reg || (v[q] & 0xff) != q) {
				st.misplaced++;
				printf("fpu_stress: sample of task %d: register %u qword %u holds %#llx\n",
				       task, reg, q, (unsigned long long)v[q]);
			} else {
				own++;
			}
		}
	}
	if (own == n)
		st.own++;
	else
		st.other++;
}

static struct perf_event_attr sample_attr;

static void on_record(const struct perf_event_header *h, void *arg)
{
	struct sample s;
	const char *err;
	int task;

	if (h->type == PERF_RECORD_LOST) {
		st.lost += ((const __u64 *)(h + 1))[1];
		return;
	}
	if (h->type != PERF_RECORD_SAMPLE)
		return;
	st.samples++;
	err = parse_sample(&sample_attr, h, &s);
	if (err) {
		st.bad_records++;
		printf("fpu_stress: bad sample of %u bytes: %s\n", h->size, err);
		return;
	}
	for (task = 0; task < (int)ntasks && pids[task] != (pid_t)s.pid; task++)
		;
	if (task == (int)ntasks) {
		st.bad_records++;
		printf("fpu_stress: sample of pid %u, not a task of the run\n", s.pid);
		return;
	}
	check_dump(&s.user, task);
	check_dump(&s.intr, task);
}

static int open_sampler(pid_t pid)
{
	unsigned long rate = 1000;
	FILE *f = fopen("/proc/sys/kernel/perf_event_max_sample_rate", "r");
	struct perf_event_attr *a = &sample_attr;

	if (f) {
		if (fscanf(f, "%lu", &rate) != 1)
			rate = 1000;
		fclose(f);
	}
	memset(a, 0, sizeof(*a));
	a->size = sizeof(*a);
	a->type = PERF_TYPE_SOFTWARE;
	a->config = PERF_COUNT_SW_CPU_CLOCK;
	a->freq = 1;
	a->sample_freq = rate;
	a->sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_REGS_USER |
			 PERF_SAMPLE_REGS_INTR;
	a->sample_regs_user = 1ULL << 8 | 1ULL << 7;	/* IP, SP */
	a->sample_regs_intr = 1ULL << 8 | 1ULL << 7;
	a->sample_simd_regs_enabled = 1;
	a->sample_simd_pred_reg_qwords = npred ? PERF_X86_OPMASK_QWORDS : 0;
	a->sample_simd_vec_reg_qwords = qwords;
	a->sample_simd_vec_reg_user = nvec == 32 ? 0xffffffffULL : 0xffff;
	a->sample_simd_vec_reg_intr = a->sample_simd_vec_reg_user;
	a->sample_simd_pred_reg_user = npred ? 0xff : 0;
	a->sample_simd_pred_reg_intr = a->sample_simd_pred_reg_user;
	return syscall(SYS_perf_event_open, a, pid, -1, -1, PERF_FLAG_FD_CLOEXEC);
}

/* Stopped task 0: rewrite its vector registers, read back, restore, read back */
static unsigned int xs_size, xs_off[8], xs_len[8];

static int xstate(pid_t pid, int set, void *buf)
{
	struct iovec iov = { buf, xs_size };

	return ptrace(set ? PTRACE_SETREGSET : PTRACE_GETREGSET, pid, NT_X86_XSTATE, &iov);
}

static void rewrite_xstate(pid_t pid)
{
	static unsigned char orig[16384], mod[16384], back[16384];
	__u64 *xstate_bv = (__u64 *)(mod + 512);
	unsigned int c, i;

	st.stops++;
	if (xstate(pid, 0, orig)) {
		st.rewrite_errors++;
		printf("fpu_stress: PTRACE_GETREGSET: %s\n", strerror(errno));
		return;
	}
	memcpy(mod, orig, xs_size);
	for (c = 1; c < 8; c++) {
		if (!xs_len[c] || !(xcr0 & (1u << c)) || c == 3 || c == 4)
			continue;
		for (i = 0; i < xs_len[c]; i++)
			mod[xs_off[c] + i] ^= 0x5a + i;
		*xstate_bv |= 1ULL << c;
	}
	if (xstate(pid, 1, mod) || xstate(pid, 0, back)) {
		st.rewrite_errors++;
		printf("fpu_stress: PTRACE_SETREGSET: %s\n", strerror(errno));
		return;
	}
	for (c = 1; c < 8; c++)
		if (xs_len[c] && memcmp(back + xs_off[c], mod + xs_off[c], xs_len[c])) {
			st.rewrite_errors++;
			printf("fpu_stress: xstate component %u reads back other than written\n", c);
		}
	if (xstate(pid, 1, orig) || xstate(pid, 0, back)) {
		st.rewrite_errors++;
		printf("fpu_stress: restoring the xstate: %s\n", strerror(errno));
		return;
	}
	for (c = 1; c < 8; c++)
		if (xs_len[c] && memcmp(back + xs_off[c], orig + xs_off[c], xs_len[c])) {
			st.rewrite_errors++;
			printf("fpu_stress: xstate component %u not restored\n", c);
		}
	st.rewrites++;
}

static void probe_xstate_layout(void)
{
	unsigned int r[4], c;

	cpuid(0xd, 0, r);
	xs_size = r[1];
	xs_off[1] = 160;	/* XMM0-15 in the legacy area */
	xs_len[1] = 256;
	for (c = 2; c < 8; c++) {
		if (!(xcr0 & (1u << c)))
			continue;
		cpuid(0xd, c, r);
		xs_off[c] = r[1];
		xs_len[c] = r[0];
	}
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Handle a stop of the traced task 0: rewrite its state, let it go on */
static void handle_stop(int status)
{
	int sig = WSTOPSIG(status);

	if (sh->stop && !(status >> 16)) {
		ptrace(PTRACE_CONT, pids[0], 0, sig);
		return;
	}
	rewrite_xstate(pids[0]);
	ptrace(PTRACE_CONT, pids[0], 0, status >> 16 ? 0 : sig);
}

int main(int argc, char **argv)
{
	static struct ring rings[MAX_TASKS];
	double secs = 30, end, next_stop = 0;
	__u64 max_checks = 0, checks = 0, its = 0, corrupt = 0, sigs = 0;
	int fds[MAX_TASKS], opt, status, live, fail = 0, sampling = 1;
	unsigned int i;
	pid_t pid;

	while ((opt = getopt(argc, argv, "n:t:c:S")) != -1) {
		switch (opt) {
		case 'n': ntasks = atoi(optarg); break;
		case 't': secs = atof(optarg); break;
		case 'c': max_checks = strtoull(optarg, NULL, 0); break;
		case 'S': sampling = 0; break;
		default:
			fprintf(stderr, "usage: %s [-n TASKS] [-t SECS] [-c CHECKS] [-S]\n",
				argv[0]);
			return 2;
		}
	}
	if (ntasks < 2 || ntasks > MAX_TASKS) {
		fprintf(stderr, "fpu_stress: 2 to %d tasks\n", MAX_TASKS);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	probe();
	probe_xstate_layout();
	printf("fpu_stress: %u tasks, %s, XCR0 %#llx, %.0f s\n", ntasks, mode_names[mode],
	       (unsigned long long)xcr0, secs);
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		return 1;

	for (i = 0; i < ntasks; i++) {
		pids[i] = fork();
		if (!pids[i])
			task_main(i);
		if (pids[i] < 0 || (i == 0 && ptrace(PTRACE_SEIZE, pids[0], 0, 0))) {
			printf("fpu_stress: fork or PTRACE_SEIZE: %s\n", strerror(errno));
			sh->stop = 1;
			return 1;
		}
		if (!sampling)
			continue;
		fds[i] = open_sampler(pids[i]);
		if (fds[i] < 0 || ring_map(&rings[i], fds[i], 64)) {
			printf("fpu_stress: cannot sample task %u: %s\n", i, strerror(errno));
			sh->stop = 1;
			fail = 1;
			ntasks = i + 1;
			break;
		}
	}
	if (sampling)
		printf("fpu_stress: sampling cpu-clock at %llu Hz, %u vectors of %u qwords, %u opmasks\n",
		       (unsigned long long)sample_attr.sample_freq, nvec, qwords, npred);

	end = now() + secs;
	while (!sh->stop) {
		for (i = 0; i < ntasks; i++)
			if (ring_drain(&rings[i], on_record, NULL)) {
				st.bad_records++;
				printf("fpu_stress: malformed ring buffer of task %u\n", i);
			}
		for (i = 0, checks = 0; i < ntasks; i++)
			checks += sh->t[i].checks;
		if (now() >= end || (max_checks && checks >= max_checks))
			sh->stop = 1;
		if (now() >= next_stop) {
			ptrace(PTRACE_INTERRUPT, pids[0], 0, 0);
			next_stop = now() + 0.02;
		}
		while ((pid = waitpid(pids[0], &status, WNOHANG | __WALL)) > 0 &&
		       WIFSTOPPED(status))
			handle_stop(status);
		poll(NULL, 0, 5);
	}
	for (live = ntasks; live > 0;) {
		pid = waitpid(-1, &status, __WALL);
		if (pid < 0)
			break;
		if (WIFSTOPPED(status))
			handle_stop(status);
		else
			live--;
	}
	for (i = 0; i < ntasks; i++) {
		ring_drain(&rings[i], on_record, NULL);
		its += sh->t[i].iterations;
		corrupt += sh->t[i].corrupt;
		sigs += sh->t[i].signals;
	}
	for (i = 0, checks = 0; i < ntasks; i++)
		checks += sh->t[i].checks;

	printf("fpu_stress: %llu iterations, %llu register checks, %llu corrupted, %llu signals\n",
	       (unsigned long long)its, (unsigned long long)checks,
	       (unsigned long long)corrupt, (unsigned long long)sigs);
	printf("fpu_stress: ptrace: %llu stops, %llu xstate rewrites restored, %llu errors\n",
	       (unsigned long long)st.stops, (unsigned long long)st.rewrites,
	       (unsigned long long)st.rewrite_errors);
	printf("fpu_stress: samples: %llu (%llu lost), SIMD blocks %llu read, %llu not read; read blocks: %llu all own pattern, %llu partly other values, %llu foreign, %llu misplaced, %llu bad records\n",
	       (unsigned long long)st.samples, (unsigned long long)st.lost,
	       (unsigned long long)st.simd_read, (unsigned long long)st.simd_not_read,
	       (unsigned long long)st.own, (unsigned long long)st.other,
	       (unsigned long long)st.foreign, (unsigned long long)st.misplaced,
	       (unsigned long long)st.bad_records);
	if (corrupt || st.foreign || st.misplaced || st.bad_records || st.rewrite_errors)
		fail = 1;
	if (sampling && !st.own) {
		printf("fpu_stress: no sample carried its task's pattern: the sampling was not tested\n");
		fail = 1;
	}
	if (!st.rewrites) {
		printf("fpu_stress: no ptrace rewrite happened\n");
		fail = 1;
	}
	printf("fpu_stress: %s\n", fail ? "FAIL" : "PASS");
	return fail;
}
