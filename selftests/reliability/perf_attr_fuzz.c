// SPDX-License-Identifier: GPL-2.0
/*
 * perf_event_open() fuzzer for the SIMD register sampling series.
 *
 * Generates structured random attrs: every PMU the system has (and the
 * legacy types), attr sizes 64 to 200, random sample_type, read_format,
 * flag bits, precise_ip, exclude_* bits, sample_regs_{user,intr} and the
 * SIMD fields, mostly well-formed and sometimes mutated. Each attr is
 * opened; the errno must be one of errno_table[]; a request whose SIMD
 * fields the series defines as malformed or unservable must not open, and
 * SIMD fields the kernel ignores (sample_simd_regs_enabled clear, or no
 * register dump in sample_type) must not keep an attr from opening.
 * An attr that opens is enabled, its ring buffer mapped, a short workload
 * run, and every record checked: record sizes, and for samples the size of
 * each field of sample_type including the SIMD blocks of the register
 * dumps, whose header must be all zero or exactly the requested counts.
 *
 * Attr I of seed S is generated from (S, I) alone, so a failure replays
 * with "-s S -i I". Exit status 0 when nothing failed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <dirent.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sched.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <linux/hw_breakpoint.h>
#include "perf_record.h"

#define ATTR_BUF	256	/* attr sizes up to 200, and room to spare */
#define MAX_FAILURES	20

/*
 * The errnos perf_event_open() may answer here, the one table the run
 * checks against and counts in. EINVAL and EOPNOTSUPP are the series'
 * errors for SIMD requests (Documentation/design.rst "ABI"); the others
 * are the base kernel's for the other fields.
 */
static struct {
	int err;
	const char *name, *why;
	unsigned long count;
} errno_table[] = {
#define ERRNO(e, reason) { .err = e, .name = #e, .why = reason }
	ERRNO(EINVAL, "malformed request (SIMD fields, masks, widths, registers the CPU lacks, other fields)"),
	ERRNO(EOPNOTSUPP, "the PMU cannot serve it (SIMD on a PMU without the capability)"),
	ERRNO(E2BIG, "attr size below 64, or non-zero bytes past the kernel's attr"),
	ERRNO(ENOENT, "no such PMU type or event config"),
	ERRNO(ENOSPC, "no free breakpoint slot"),
	ERRNO(EOVERFLOW, "sample_max_stack above perf_event_max_stack"),
	ERRNO(EBUSY, "exclusive event on a busy PMU"),
	ERRNO(EFAULT, "kprobe and uprobe PMUs: config1 is a user pointer to a name"),
#undef ERRNO
};
#define NR_ERRNOS (sizeof(errno_table) / sizeof(errno_table[0]))

static struct {
	unsigned long attrs, opened, mapped, samples, records, simd_read,
		      simd_not_read, simd_no_width, ignored_retried, failures,
		      unexpected_errno;
} st;

static __u64 seed;
static unsigned int pmu_types[64], nr_pmu_types;
static __u64 tp_ids[256];
static unsigned int nr_tp_ids;
static __u64 xcr0;
static int user_shstk, ncpus;
static volatile __u64 bp_var;

/* splitmix64: the generator of attr I is seeded from (seed, I) */
static __u64 rnd_state;
static __u64 rnd(void)
{
	__u64 z = (rnd_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static unsigned int below(unsigned int n)
{
	return rnd() % n;
}

/* true with probability 1/n */
static int one_in(unsigned int n)
{
	return below(n) == 0;
}

static __u64 rnd_bits(unsigned int nbits, unsigned int one_in_n)
{
	__u64 v = 0;
	unsigned int i;

	for (i = 0; i < nbits; i++)
		if (one_in(one_in_n))
			v |= 1ULL << i;
	return v;
}

static void probe_cpu(void)
{
	unsigned int a, b, c, d;
	char line[4096];
	FILE *f;

	__asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(1), "c"(0));
	if (c & (1u << 27)) {	/* OSXSAVE */
		__asm__ volatile("xgetbv" : "=a"(a), "=d"(d) : "c"(0));
		xcr0 = ((__u64)d << 32) | a;
	}
	f = fopen("/proc/cpuinfo", "r");
	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, "flags", 5) && strstr(line, " user_shstk"))
			user_shstk = 1;
	if (f)
		fclose(f);
	ncpus = sysconf(_SC_NPROCESSORS_CONF);
}

/*
 * The legacy types and every PMU in sysfs; the tracepoint ids tracefs has,
 * but those of the ftrace system: its function event turns on the function
 * tracer, whose int3 patching QEMU TCG gets wrong (Documentation/testing.rst,
 * "Two problems of the environment"). Any other tracepoint exercises perf's
 * attr checks and sample output as well.
 */
static int tp_system_wanted(const char *name)
{
	return name[0] != '.' && strcmp(name, "ftrace");
}

static void probe_pmus(void)
{
	static const char *const tp_dirs[] = {
		"/sys/kernel/tracing/events", "/sys/kernel/debug/tracing/events",
	};
	char path[1024];
	struct dirent *e, *e2;
	unsigned int i, t;
	DIR *d, *d2;
	FILE *f;

	for (t = 0; t < PERF_TYPE_MAX; t++)
		pmu_types[nr_pmu_types++] = t;
	d = opendir("/sys/bus/event_source/devices");
	while (d && (e = readdir(d)) && nr_pmu_types < 64) {
		snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type", e->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (fscanf(f, "%u", &t) == 1 && t >= PERF_TYPE_MAX)
			pmu_types[nr_pmu_types++] = t;
		fclose(f);
	}
	if (d)
		closedir(d);
	for (i = 0; i < 2 && !nr_tp_ids; i++) {
		d = opendir(tp_dirs[i]);
		while (d && (e = readdir(d)) && nr_tp_ids < 256) {
			snprintf(path, sizeof(path), "%s/%s", tp_dirs[i], e->d_name);
			d2 = tp_system_wanted(e->d_name) ? opendir(path) : NULL;
			while (d2 && (e2 = readdir(d2)) && nr_tp_ids < 256) {
				snprintf(path, sizeof(path), "%s/%s/%s/id", tp_dirs[i],
					 e->d_name, e2->d_name);
				f = fopen(path, "r");
				if (f && fscanf(f, "%llu", &tp_ids[nr_tp_ids]) == 1)
					nr_tp_ids++;
				if (f)
					fclose(f);
			}
			if (d2)
				closedir(d2);
		}
		if (d)
			closedir(d);
	}
}

/* A register bitmap of @n registers: all, none, one, or random */
static __u64 rnd_regset(unsigned int n)
{
	__u64 all = n >= 64 ? ~0ULL : (1ULL << n) - 1;

	switch (below(5)) {
	case 0: return all;
	case 1: return 0;
	case 2: return 1ULL << below(n);
	default: return rnd() & all;
	}
}

/* The SIMD fields at random, whatever sample_simd_regs_enabled says */
static void gen_simd_random(struct perf_event_attr *a)
{
	static const __u16 widths[] = { 2, 4, 8 };

	a->sample_simd_vec_reg_qwords = one_in(2) ? widths[below(3)] : rnd();
	a->sample_simd_pred_reg_qwords = one_in(2) ? below(3) : rnd();
	a->sample_simd_vec_reg_intr = rnd();
	a->sample_simd_vec_reg_user = rnd();
	a->sample_simd_pred_reg_intr = rnd();
	a->sample_simd_pred_reg_user = rnd();
}

static void gen_simd(struct perf_event_attr *a)
{
	static const __u16 widths[] = { 2, 4, 8 };

	switch (below(10)) {
	case 0:	/* not in use: nothing, or fields the kernel must ignore */
		if (one_in(2))
			gen_simd_random(a);
		return;
	case 1:	/* random values */
		a->sample_simd_regs_enabled = one_in(2) ? 1 : rnd();
		gen_simd_random(a);
		return;
	default:	/* well-formed, perhaps one field mutated */
		a->sample_simd_regs_enabled = 1;
		a->sample_simd_vec_reg_qwords = widths[below(3)];
		if (one_in(2))
			a->sample_simd_vec_reg_qwords = 4;
		if (a->sample_type & PERF_SAMPLE_REGS_INTR) {
			a->sample_simd_vec_reg_intr = rnd_regset(one_in(4) ? 32 : 16);
			a->sample_simd_pred_reg_intr = one_in(4) ? rnd_regset(8) : 0;
		}
		if (a->sample_type & PERF_SAMPLE_REGS_USER) {
			a->sample_simd_vec_reg_user = rnd_regset(one_in(4) ? 32 : 16);
			a->sample_simd_pred_reg_user = one_in(4) ? rnd_regset(8) : 0;
		}
		/* A width without registers of its kind is valid too */
		if (!a->sample_simd_vec_reg_intr && !a->sample_simd_vec_reg_user &&
		    !one_in(4))
			a->sample_simd_vec_reg_qwords = 0;
		if (a->sample_simd_pred_reg_intr || a->sample_simd_pred_reg_user ||
		    one_in(4))
			a->sample_simd_pred_reg_qwords = 1;
		if (one_in(8)) {
			switch (below(6)) {
			case 0: a->sample_simd_vec_reg_qwords = below(10); break;
			case 1: a->sample_simd_pred_reg_qwords = below(4); break;
			case 2: a->sample_simd_vec_reg_intr |= 1ULL << below(64); break;
			case 3: a->sample_simd_pred_reg_user |= 1u << below(32); break;
			/* Masks of a dump sample_type may not request */
			case 4: a->sample_simd_vec_reg_user |= rnd(); break;
			default: a->sample_simd_pred_reg_intr |= rnd(); break;
			}
		}
	}
}

/* sample_regs_*: legacy GPRs, GPRs plus the SIMD ABI's R16-R31/SSP, or random */
static __u64 gen_regs(int simd)
{
	__u64 gprs = rnd_bits(24, 2) & ~0xf000ULL;	/* not DS, ES, FS, GS */

	switch (below(8)) {
	case 0: return 0;
	case 1: return rnd();
	case 2: return gprs | (rnd() & 0xffff00000000ULL);	/* legacy XMM halves */
	default: return simd ? gprs | (rnd_bits(17, 4) << 24) : gprs;
	}
}

static void workload(unsigned int round);

static void gen_attr(__u64 index, unsigned char *buf, unsigned int *size)
{
	struct perf_event_attr *a = (struct perf_event_attr *)buf;
	unsigned int i, t;

	rnd_state = seed ^ (index * 0xd1b54a32d192ed03ULL);
	memset(buf, 0, ATTR_BUF);
	*size = 64 + below(200 - 64 + 1);

	/* The clock events carry the SIMD path: half of all attrs */
	if (one_in(2)) {
		a->type = PERF_TYPE_SOFTWARE;
		a->config = one_in(2) ? PERF_COUNT_SW_CPU_CLOCK : PERF_COUNT_SW_TASK_CLOCK;
	} else {
		a->type = one_in(50) ? (__u32)rnd() : pmu_types[below(nr_pmu_types)];
		a->config = below(PERF_COUNT_SW_MAX + 2);
	}
	/*
	 * A tracepoint id tracefs has, or one that no event has: never a
	 * small number, as the ftrace system's events have those (its
	 * function event is 1), and they must stay off (see probe_pmus()).
	 */
	if (a->type == PERF_TYPE_TRACEPOINT)
		a->config = nr_tp_ids && !one_in(10) ? tp_ids[below(nr_tp_ids)] :
						       ~0ULL - below(16);
	if (a->type == PERF_TYPE_BREAKPOINT) {
		static const __u32 bp_types[] = {
			HW_BREAKPOINT_R, HW_BREAKPOINT_W, HW_BREAKPOINT_RW, HW_BREAKPOINT_X,
		};

		a->config = 0;
		a->bp_type = one_in(10) ? below(16) : bp_types[below(4)];
		a->bp_addr = a->bp_type == HW_BREAKPOINT_X ? (__u64)(uintptr_t)&workload :
			     (__u64)(uintptr_t)&bp_var;
		a->bp_len = one_in(10) ? below(16) : 1u << below(4);
	}
	if (one_in(10))
		a->config1 = rnd();

	/* The flag bits at random, then the ones this run needs */
	*(__u64 *)((char *)a + 40) = rnd_bits(40, 8);
	a->disabled = 1;
	a->write_backward = 0;
	a->enable_on_exec = 0;
	a->precise_ip = below(4);
	a->exclude_user = one_in(4);
	a->exclude_kernel = one_in(3);
	a->exclude_hv = one_in(3);
	a->exclude_idle = one_in(8);
	if (one_in(100))
		a->__reserved_1 = rnd();

	if (!one_in(4)) {
		a->freq = one_in(3);
		if (a->freq)
			a->sample_freq = one_in(10) ? rnd() % 1000000 : 1000 + below(100000);
		else if (a->type == PERF_TYPE_SOFTWARE && a->config <= 1)
			a->sample_period = 10000 + below(200000);	/* ns */
		else
			a->sample_period = 1 + below(one_in(4) ? 1000 : 4);
	}

	a->sample_type = rnd_bits(25, 5);
	if (one_in(3) || a->config <= PERF_COUNT_SW_TASK_CLOCK)
		a->sample_type |= PERF_SAMPLE_REGS_USER * one_in(2) |
				  PERF_SAMPLE_REGS_INTR * one_in(2);
	a->sample_type &= ~(__u64)(PERF_SAMPLE_CGROUP * !one_in(20));
	if (one_in(50))
		a->sample_type |= rnd() & ~(__u64)(PERF_SAMPLE_MAX - 1);
	a->read_format = rnd_bits(5, 3);
	if (one_in(50))
		a->read_format = rnd();
	if (a->sample_type & PERF_SAMPLE_BRANCH_STACK)
		a->branch_sample_type = rnd_bits(21, 4);
	if (a->sample_type & PERF_SAMPLE_STACK_USER)
		a->sample_stack_user = one_in(10) ? (__u32)rnd() : 8 * below(2048);
	if (one_in(10))
		a->sample_max_stack = below(200);
	if (a->use_clockid)
		a->clockid = one_in(2) ? CLOCK_MONOTONIC : below(16);
	a->wakeup_events = below(4);
	if (one_in(20))
		a->aux_sample_size = rnd();
	if (a->sigtrap)
		a->remove_on_exec = 1;

	gen_simd(a);
	t = a->sample_simd_regs_enabled != 0;
	if (a->sample_type & PERF_SAMPLE_REGS_USER || one_in(20))
		a->sample_regs_user = gen_regs(t);
	if (a->sample_type & PERF_SAMPLE_REGS_INTR || one_in(20))
		a->sample_regs_intr = gen_regs(t);
	if (one_in(30))
		a->__reserved_4 = one_in(2) ? 1u << below(16) : rnd();

	/* Past the kernel's struct: zeros, or rarely a non-zero byte */
	if (*size > sizeof(*a) && one_in(20))
		buf[sizeof(*a) + below(*size - sizeof(*a))] = 1 + below(255);
	a->size = *size;
	/* What the kernel sees: nothing past size */
	for (i = *size; i < ATTR_BUF; i++)
		buf[i] = 0;
}

enum expect { ANY, MUST_FAIL_EINVAL, MUST_FAIL };

/*
 * What the series promises for the SIMD fields of @a (as the kernel reads
 * it): __reserved_4 must be zero; the other fields are ignored unless
 * sample_simd_regs_enabled is set and sample_type has a register dump, and
 * then the masks of a dump it does not request are ignored. Malformed
 * requests, and registers the CPU lacks, fail with EINVAL (or E2BIG,
 * checked first); PMUs without the capability fail. Mirrors
 * perf_validate_simd_regs() and the x86 checks the series documents.
 */
static enum expect simd_expect(const struct perf_event_attr *a)
{
	__u64 t = a->sample_type, regs = 0, vec = 0, xf = 0;
	__u16 vec_qwords = a->sample_simd_vec_reg_qwords;
	__u16 pred_qwords = a->sample_simd_pred_reg_qwords;
	__u32 pred = 0;
	int d;

	if (a->__reserved_4)
		return MUST_FAIL_EINVAL;
	if (!a->sample_simd_regs_enabled ||
	    !(t & (PERF_SAMPLE_REGS_INTR | PERF_SAMPLE_REGS_USER)))
		return ANY;
	for (d = 0; d < 2; d++) {
		__u64 sel = d ? PERF_SAMPLE_REGS_USER : PERF_SAMPLE_REGS_INTR;
		__u64 r = d ? a->sample_regs_user : a->sample_regs_intr;
		__u64 v = d ? a->sample_simd_vec_reg_user : a->sample_simd_vec_reg_intr;
		__u32 p = d ? a->sample_simd_pred_reg_user : a->sample_simd_pred_reg_intr;

		if (!(t & sel))
			continue;
		/*
		 * Bits 41-63 reserved, DS/ES/FS/GS not sampled; 32 vectors,
		 * 8 opmasks. An empty dump is valid.
		 */
		if (r & (~((1ULL << 41) - 1) | 0xf000) || v >> 32 || p >> 8)
			return MUST_FAIL_EINVAL;
		regs |= r;
		vec |= v;
		pred |= p;
	}
	/* A width the architecture knows where registers of its kind are */
	if (vec_qwords ? vec_qwords != 2 && vec_qwords != 4 && vec_qwords != 8 : !!vec)
		return MUST_FAIL_EINVAL;
	if (pred_qwords ? pred_qwords != 1 : !!pred)
		return MUST_FAIL_EINVAL;

	/* The xstate components the request needs must be in XCR0 */
	if (vec & 0xffff) {
		xf |= 1 << 1;
		if (vec_qwords >= 4)
			xf |= 1 << 2;
		if (vec_qwords >= 8)
			xf |= 1 << 6;
	}
	if (vec >> 16)
		xf |= 1 << 7;
	if (pred)
		xf |= 1 << 5;
	if (regs & (0xffffULL << 24))
		xf |= 1ULL << 19;
	if ((xcr0 & xf) != xf || (regs & (1ULL << 40) && !user_shstk))
		return MUST_FAIL_EINVAL;
	/* Only the clock events and the core PMU take SIMD requests */
	if (a->type != PERF_TYPE_SOFTWARE || a->config > PERF_COUNT_SW_TASK_CLOCK)
		return a->type == PERF_TYPE_HARDWARE || a->type == PERF_TYPE_HW_CACHE ||
		       a->type == PERF_TYPE_RAW || a->type >= PERF_TYPE_MAX ? ANY : MUST_FAIL;
	return ANY;
}

/*
 * The SIMD fields of @a but __reserved_4 are set, and the kernel must
 * ignore them: sample_simd_regs_enabled is clear, or sample_type has no
 * register dump.
 */
static int simd_ignored(const struct perf_event_attr *a)
{
	if (a->__reserved_4)
		return 0;
	if (a->sample_simd_regs_enabled &&
	    a->sample_type & (PERF_SAMPLE_REGS_INTR | PERF_SAMPLE_REGS_USER))
		return 0;
	return a->sample_simd_regs_enabled || a->sample_simd_pred_reg_qwords ||
	       a->sample_simd_vec_reg_qwords || a->sample_simd_pred_reg_intr ||
	       a->sample_simd_pred_reg_user || a->sample_simd_vec_reg_intr ||
	       a->sample_simd_vec_reg_user;
}

/* @a with all of its SIMD fields but __reserved_4 zero opens */
static int opens_without_simd(const struct perf_event_attr *a, int pid, int cpu)
{
	unsigned char buf[ATTR_BUF];
	struct perf_event_attr *b = (struct perf_event_attr *)buf;
	int fd;

	memcpy(buf, a, ATTR_BUF);
	b->sample_simd_regs_enabled = 0;
	b->sample_simd_pred_reg_qwords = 0;
	b->sample_simd_vec_reg_qwords = 0;
	b->sample_simd_pred_reg_intr = 0;
	b->sample_simd_pred_reg_user = 0;
	b->sample_simd_vec_reg_intr = 0;
	b->sample_simd_vec_reg_user = 0;
	fd = syscall(SYS_perf_event_open, buf, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return 0;
	close(fd);
	return 1;
}

static void hexdump(const unsigned char *buf, unsigned int len)
{
	unsigned int i;

	for (i = 0; i < len; i++)
		printf("%02x%s", buf[i], i % 32 == 31 || i == len - 1 ? "\n" : "");
}

static __u64 cur_index;
static unsigned char cur_attr[ATTR_BUF];

static void __attribute__((format(printf, 1, 2))) fail(const char *fmt, ...)
{
	va_list ap;

	st.failures++;
	printf("FAIL seed %llu attr %llu (replay: -s %llu -i %llu): ",
	       (unsigned long long)seed, (unsigned long long)cur_index,
	       (unsigned long long)seed, (unsigned long long)cur_index);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\nattr bytes:\n");
	hexdump(cur_attr, ((struct perf_event_attr *)cur_attr)->size);
	fflush(stdout);
}

/*
 * A SIMD block that parse_sample() accepted: read (a header that is not
 * zero), not read (zero, where the attr has a width, which a read header
 * repeats), or either (no width: the header is zero both ways).
 */
static void count_simd_block(const struct perf_event_attr *a,
			     const struct regs_dump *d)
{
	if (!(d->abi & PERF_SAMPLE_REGS_ABI_SIMD))
		return;
	if (!simd_header_zero(d))
		st.simd_read++;
	else if (a->sample_simd_vec_reg_qwords || a->sample_simd_pred_reg_qwords)
		st.simd_not_read++;
	else
		st.simd_no_width++;
}

/* Only the first bad record of an attr is reported */
static int cur_failed;

static void check_record(const struct perf_event_header *h, void *arg)
{
	const struct perf_event_attr *a = arg;
	struct sample s;
	const char *err;

	st.records++;
	if (cur_failed)
		return;
	if (h->type != PERF_RECORD_SAMPLE) {
		if (!h->type || h->type >= PERF_RECORD_MAX)
			fail("record of unknown type %u", h->type);
		return;
	}
	st.samples++;
	err = parse_sample(a, h, &s);
	if (err) {
		fail("sample of %u bytes: %s", h->size, err);
		hexdump((const unsigned char *)h, h->size);
		cur_failed = 1;
		return;
	}
	if (s.has_user)
		count_simd_block(a, &s.user);
	if (s.has_intr)
		count_simd_block(a, &s.intr);
}

/* Work that the sampled events see: user loops with live vectors, syscalls, faults */
static void workload(unsigned int round)
{
	unsigned int i;

	for (i = 0; i < 2000; i++) {
		__asm__ volatile("pcmpeqb %%xmm0, %%xmm0\n\tpaddq %%xmm0, %%xmm1"
				 ::: "xmm0", "xmm1");
		if (i % 128 == 0)
			bp_var += i;
	}
	syscall(SYS_getppid);
	if (round % 4 == 3) {
		void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p != MAP_FAILED) {
			*(volatile char *)p = 1;
			munmap(p, 4096);
		}
		sched_yield();
	}
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void run_event(int fd, struct perf_event_attr *a)
{
	static struct ring ring;
	struct perf_event_mmap_page *pg;
	unsigned int round;
	char buf[4096];
	const char *err;
	double end;
	ssize_t n;

	if (a->sample_period && !ring_map(&ring, fd, 1u << below(4)))
		st.mapped++;
	if (ioctl(fd, PERF_EVENT_IOC_ENABLE, 0))
		fail("PERF_EVENT_IOC_ENABLE: %s", strerror(errno));
	pg = ring.base;
	end = now() + 0.002;
	for (round = 0; now() < end; round++) {
		workload(round);
		if (pg && __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE) >= 256)
			break;
	}
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	/* A pinned event that could not be scheduled reads as end of file */
	n = read(fd, buf, sizeof(buf));
	if (n < 0 || (!n && !a->pinned))
		fail("read() of the counter: %s", n ? strerror(errno) : "end of file");
	if (ring.base) {
		err = ring_drain(&ring, check_record, a);
		if (err)
			fail("ring buffer: %s", err);
		ring_unmap(&ring);
	}
}

static void try_attr(__u64 index)
{
	struct perf_event_attr *a = (struct perf_event_attr *)cur_attr;
	unsigned int size, i;
	enum expect ex;
	int fd, pid = 0, cpu = -1;

	cur_index = index;
	cur_failed = 0;
	gen_attr(index, cur_attr, &size);
	switch (below(20)) {
	case 0: pid = -1; cpu = below(ncpus); break;
	case 1: cpu = below(ncpus + 1); break;
	}
	ex = simd_expect(a);
	st.attrs++;
	fd = syscall(SYS_perf_event_open, cur_attr, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC);
	a->size = size;	/* E2BIG writes the kernel's size back */
	if (fd < 0) {
		int e = errno;

		for (i = 0; i < NR_ERRNOS && errno_table[i].err != e; i++)
			;
		if (i == NR_ERRNOS) {
			st.unexpected_errno++;
			fail("errno %d (%s) not in the errno table", e, strerror(e));
		} else {
			errno_table[i].count++;
			if (ex == MUST_FAIL_EINVAL && e != EINVAL && e != E2BIG)
				fail("malformed SIMD fields got errno %d (%s), not EINVAL", e, strerror(e));
		}
		/* Fields the kernel ignores must not be why it fails */
		if ((e == EINVAL || e == EOPNOTSUPP) && simd_ignored(a)) {
			st.ignored_retried++;
			if (opens_without_simd(a, pid, cpu))
				fail("errno %d (%s), but it opens without the SIMD fields the kernel must ignore",
				     e, strerror(e));
		}
		return;
	}
	st.opened++;
	if (ex != ANY)
		fail("opened, but the SIMD fields are %s",
		     ex == MUST_FAIL_EINVAL ? "malformed" : "unservable here");
	else
		run_event(fd, a);
	close(fd);
}

static void ignore(int sig)
{
}

int main(int argc, char **argv)
{
	double secs = 10, end;
	__u64 count = 0, index = 0, only = ~0ULL;
	unsigned int i;
	int opt;

	seed = (__u64)time(NULL) ^ ((__u64)getpid() << 32);
	while ((opt = getopt(argc, argv, "s:t:n:i:")) != -1) {
		switch (opt) {
		case 's': seed = strtoull(optarg, NULL, 0); break;
		case 't': secs = atof(optarg); break;
		case 'n': count = strtoull(optarg, NULL, 0); break;
		case 'i': only = strtoull(optarg, NULL, 0); break;
		default:
			fprintf(stderr, "usage: %s [-s SEED] [-t SECS] [-n COUNT] [-i INDEX]\n",
				argv[0]);
			return 2;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGTRAP, ignore);	/* attrs with sigtrap */
	signal(SIGIO, ignore);
	probe_cpu();
	probe_pmus();
	printf("perf_attr_fuzz: seed %llu (replay with -s %llu), %.0f s, %llu attrs at most\n",
	       (unsigned long long)seed, (unsigned long long)seed, secs,
	       (unsigned long long)count);
	printf("perf_attr_fuzz: XCR0 %#llx, user_shstk %d, %u PMU types:",
	       (unsigned long long)xcr0, user_shstk, nr_pmu_types);
	for (i = 0; i < nr_pmu_types; i++)
		printf(" %u", pmu_types[i]);
	printf(", %u tracepoint ids\n", nr_tp_ids);

	if (only != ~0ULL) {
		try_attr(only);
	} else {
		end = now() + secs;
		for (index = 0; (!count || index < count) && st.failures < MAX_FAILURES; index++) {
			if (index % 64 == 0 && now() >= end)
				break;
			try_attr(index);
		}
	}

	printf("perf_attr_fuzz: seed %llu: %lu attrs, %lu opened, %lu mapped, %lu records, %lu samples (SIMD blocks: %lu read, %lu not read, %lu without widths), %lu failed with ignored SIMD fields and retried without, %lu failures\n",
	       (unsigned long long)seed, st.attrs, st.opened, st.mapped, st.records,
	       st.samples, st.simd_read, st.simd_not_read, st.simd_no_width,
	       st.ignored_retried, st.failures);
	for (i = 0; i < NR_ERRNOS; i++)
		printf("perf_attr_fuzz: errno %-10s %9lu  %s\n", errno_table[i].name,
		       errno_table[i].count, errno_table[i].why);
	printf("perf_attr_fuzz: errno %-10s %9lu  errnos outside this table\n", "other",
	       st.unexpected_errno);
	return st.failures ? 1 : 0;
}
