// SPDX-License-Identifier: GPL-2.0
/*
 * The guest side of 'make bench': for each register request of requests.h,
 * sample a fixed user-space loop of this thread with cpu-clock at a fixed
 * period, read the records from the mmap ring, check every record against
 * the exact size formula and its SIMD block header, and measure the time
 * per sample: (time of the loop while sampled - time of the loop alone) /
 * samples, over several runs. Under QEMU -icount shift=0 that time is a
 * count of guest instructions.
 *
 * Usage: simd-bench [-q] [-r RUNS] [-d SECONDS] [-p PERIOD_NS]
 *        simd-bench -w ITERATIONS
 *   -q  quick: one run of 0.05 s per request (the check in 'make check')
 *   -w  only run the loop, with the registers filled (a workload for perf
 *       record)
 * Prints one CSV line per request on stdout (the header says the fields);
 * requests the CPU or kernel refuses get their formula size and the reason.
 * Exits 1 if any record differs from the formula, 2 on a usage error.
 */
#define _GNU_SOURCE
#include <cpuid.h>
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "requests.h"

#define MAX_RUNS	64
#define MAX_ATTEMPTS	3	/* of the runs of a request that got no sample */

struct outcome {
	unsigned long samples;	/* PERF_RECORD_SAMPLE records */
	unsigned long lost;	/* samples lost as the ring was full */
	unsigned long bad;	/* records that differ from the formula */
	unsigned int size;	/* size of the last bad record, else of any */
	double seconds;		/* time of the loop */
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int cpu_has(unsigned int leaf, unsigned int sub, int reg, int bit)
{
	unsigned int r[4];

	if (!__get_cpuid_count(leaf, sub, &r[0], &r[1], &r[2], &r[3]))
		return 0;
	return !!(r[reg] & (1U << bit));
}

/*
 * Give the vector and opmask registers values that are not their init
 * state, so that XSAVE really writes them, right before the loop: the C
 * library's string functions use them too.
 */
__attribute__((target("avx")))
static void fill_ymm(void)
{
	asm volatile("vpcmpeqd %%ymm0, %%ymm0, %%ymm0\n\t"
		     "vmovdqa %%ymm0, %%ymm1\n\tvmovdqa %%ymm0, %%ymm2\n\t"
		     "vmovdqa %%ymm0, %%ymm3\n\tvmovdqa %%ymm0, %%ymm4\n\t"
		     "vmovdqa %%ymm0, %%ymm5\n\tvmovdqa %%ymm0, %%ymm6\n\t"
		     "vmovdqa %%ymm0, %%ymm7\n\tvmovdqa %%ymm0, %%ymm8\n\t"
		     "vmovdqa %%ymm0, %%ymm9\n\tvmovdqa %%ymm0, %%ymm10\n\t"
		     "vmovdqa %%ymm0, %%ymm11\n\tvmovdqa %%ymm0, %%ymm12\n\t"
		     "vmovdqa %%ymm0, %%ymm13\n\tvmovdqa %%ymm0, %%ymm14\n\t"
		     "vmovdqa %%ymm0, %%ymm15" ::: "memory");
}

__attribute__((target("avx512f")))
static void fill_zmm(void)
{
	asm volatile("vpternlogd $0xff, %%zmm0, %%zmm0, %%zmm0\n\t"
		     "vpternlogd $0xff, %%zmm16, %%zmm16, %%zmm16\n\t"
		     "vmovdqa64 %%zmm0, %%zmm1\n\tvmovdqa64 %%zmm0, %%zmm31\n\t"
		     "kxnorw %%k0, %%k0, %%k1\n\tkmovw %%k1, %%k7" ::: "memory");
}

static void fill_registers(int avx, int avx512)
{
	if (avx512)
		fill_zmm();
	else if (avx)
		fill_ymm();
}

/* The workload: @n iterations of two instructions, no memory, no calls */
static void spin(unsigned long n)
{
	asm volatile("1: dec %0\n\tjnz 1b" : "+r"(n));
}

static void init_attr(struct perf_event_attr *attr,
		      const struct bench_request *r, unsigned long period)
{
	memset(attr, 0, sizeof(*attr));
	attr->size = sizeof(*attr);
	attr->type = PERF_TYPE_SOFTWARE;
	attr->config = PERF_COUNT_SW_CPU_CLOCK;
	attr->sample_period = period;
	attr->sample_type = BENCH_SAMPLE_TYPE;
	attr->disabled = 1;
	attr->exclude_kernel = 1;
	attr->exclude_hv = 1;
	if (r->simd) {
		attr->sample_simd_regs_enabled = 1;
		if (r->vec)
			attr->sample_simd_vec_reg_qwords = r->qwords;
		if (r->pred)
			attr->sample_simd_pred_reg_qwords = PERF_X86_OPMASK_QWORDS;
	}
	if (r->dumps & DUMP_USER) {
		attr->sample_type |= PERF_SAMPLE_REGS_USER;
		attr->sample_regs_user = r->gprs;
		attr->sample_simd_vec_reg_user = r->vec;
		attr->sample_simd_pred_reg_user = r->pred;
	}
	if (r->dumps & DUMP_INTR) {
		attr->sample_type |= PERF_SAMPLE_REGS_INTR;
		attr->sample_regs_intr = r->gprs;
		attr->sample_simd_vec_reg_intr = r->vec;
		attr->sample_simd_pred_reg_intr = r->pred;
	}
}

/*
 * Is dump @d (at @p, in the record) what @r asks for, all registers read?
 * The SIMD header is four u64: nr_vectors, vector_qwords (the event's
 * width), nr_pred and pred_qwords (likewise).
 */
static int dump_ok(const struct bench_request *r, const __u64 *p)
{
	const __u64 *h;

	if (!(p[0] & PERF_SAMPLE_REGS_ABI_64))
		return 0;
	if (!r->simd)
		return !(p[0] & PERF_SAMPLE_REGS_ABI_SIMD);
	if (!(p[0] & PERF_SAMPLE_REGS_ABI_SIMD))
		return 0;
	h = p + 1 + __builtin_popcountll(r->gprs);
	return h[0] == (__u64)__builtin_popcountll(r->vec) &&
	       h[1] == (r->vec ? r->qwords : 0) &&
	       h[2] == (__u64)__builtin_popcount(r->pred) &&
	       h[3] == (r->pred ? PERF_X86_OPMASK_QWORDS : 0);
}

/* Check every record of the ring against the formula, count the samples */
static void read_ring(const struct bench_request *r,
		      struct perf_event_mmap_page *page, size_t data_size,
		      struct outcome *o)
{
	const char *data = (const char *)page + page->data_offset;
	__u64 head = __atomic_load_n(&page->data_head, __ATOMIC_ACQUIRE);
	unsigned int want = bench_record_bytes(r);
	static __u64 rec[65536 / 8];
	__u64 tail;

	for (tail = page->data_tail; tail < head;) {
		struct perf_event_header hdr;
		size_t off = tail % data_size, first;

		memcpy(&hdr, data + off, sizeof(hdr));
		if (hdr.size < sizeof(hdr)) {
			o->bad++;
			break;
		}
		first = data_size - off < hdr.size ? data_size - off : hdr.size;
		memcpy(rec, data + off, first);
		memcpy((char *)rec + first, data, hdr.size - first);
		if (hdr.type == PERF_RECORD_LOST) {
			o->lost += rec[2];
		} else if (hdr.type == PERF_RECORD_SAMPLE) {
			/* header, IP, TID, then the dumps */
			const __u64 *p = rec + 3;
			int ok = hdr.size == want, d;

			o->samples++;
			for (d = 0; ok && d < bench_nr_dumps(r); d++) {
				ok = dump_ok(r, p);
				p += bench_dump_bytes(r) / 8;
			}
			if (!ok) {
				o->bad++;
				o->size = hdr.size;
			} else if (!o->bad) {
				o->size = hdr.size;
			}
		}
		tail += hdr.size;
	}
	__atomic_store_n(&page->data_tail, tail, __ATOMIC_RELEASE);
}

/*
 * One run: the loop of @iters iterations while sampled with @r (or alone
 * if @r is NULL). Returns 0 or the negative errno of perf_event_open.
 */
static int run_once(const struct bench_request *r, unsigned long period,
		    unsigned long iters, double expect_s, struct outcome *o,
		    int avx, int avx512)
{
	struct perf_event_attr attr;
	struct perf_event_mmap_page *page = NULL;
	size_t pages = 1, len = 0;
	double t0;
	int fd = -1;

	memset(o, 0, sizeof(*o));
	if (r) {
		/* Room for twice the expected samples, at most 64 MiB */
		double bytes = 2 * expect_s * 1e9 / period * bench_record_bytes(r);

		while (pages < 16384 && pages * 4096 < bytes)
			pages *= 2;
		init_attr(&attr, r, period);
		fd = syscall(__NR_perf_event_open, &attr, 0, -1, -1, 0);
		if (fd < 0)
			return -errno;
		len = (pages + 1) * getpagesize();
		page = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		if (page == MAP_FAILED) {
			int err = -errno;

			close(fd);
			return err;
		}
		ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	}
	t0 = now();
	fill_registers(avx, avx512);
	spin(iters);
	o->seconds = now() - t0;
	if (r) {
		ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
		read_ring(r, page, pages * getpagesize(), o);
		munmap(page, len);
		close(fd);
	}
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int main(int argc, char **argv)
{
	unsigned long period = 20000, iters = 1000000;
	double duration = 0.3, base[MAX_RUNS], base_s, ref_cost = 0;
	int runs = 5, opt, avx, avx512, failed = 0;
	struct outcome o;
	cpu_set_t cpus;
	unsigned int i;
	double t;

	/* CPUID.1:ECX.AVX, CPUID.7:EBX.AVX512F, and the OS enabled them (OSXSAVE) */
	avx = cpu_has(1, 0, 2, 28) && cpu_has(1, 0, 2, 27);
	avx512 = avx && cpu_has(7, 0, 1, 16);

	while ((opt = getopt(argc, argv, "qr:d:p:w:")) != -1) {
		switch (opt) {
		case 'w':
			fill_registers(avx, avx512);
			spin(strtoul(optarg, NULL, 0));
			return 0;
		case 'q':
			runs = 1;
			duration = 0.05;
			break;
		case 'r':
			runs = atoi(optarg);
			break;
		case 'd':
			duration = atof(optarg);
			break;
		case 'p':
			period = strtoul(optarg, NULL, 0);
			break;
		default:
			fprintf(stderr, "usage: %s [-q] [-r RUNS] [-d SECONDS] [-p PERIOD_NS] | -w ITERATIONS\n",
				argv[0]);
			return 2;
		}
	}
	if (runs < 1 || runs > MAX_RUNS || duration <= 0 || !period) {
		fprintf(stderr, "%s: bad -r, -d or -p\n", argv[0]);
		return 2;
	}

	/* One CPU: no migration, one timer */
	CPU_ZERO(&cpus);
	CPU_SET(0, &cpus);
	sched_setaffinity(0, sizeof(cpus), &cpus);

	/* Calibrate the loop to @duration seconds, then time it alone */
	for (t = 0; t < 0.02; iters *= 2)
		t = (run_once(NULL, 0, iters, 0, &o, avx, avx512), o.seconds);
	iters = iters / 2 * (duration / t);
	for (opt = 0; opt < runs; opt++) {
		run_once(NULL, 0, iters, 0, &o, avx, avx512);
		base[opt] = o.seconds;
	}
	base_s = median(base, runs);

	printf("request,dumps,simd_bytes,record_bytes,formula_bytes,samples,lost,bad_records,runs,ns_per_sample,ns_min,ns_max,extra_ns,status\n");
	for (i = 0; i < NR_BENCH_REQUESTS; i++) {
		const struct bench_request *r = &bench_requests[i];
		double cost[MAX_RUNS], med;
		unsigned long samples = 0, lost = 0, bad = 0;
		unsigned int size = 0;
		int err = 0, attempt;

		/*
		 * Runs that no timer tick hit, which a loaded host can make of
		 * the short runs of -q, say nothing about the records: try again
		 */
		for (attempt = 0; attempt < MAX_ATTEMPTS && !err && !samples; attempt++) {
			for (opt = 0; opt < runs && !err; opt++) {
				err = run_once(r, period, iters, duration, &o, avx, avx512);
				samples += o.samples;
				lost += o.lost;
				bad += o.bad;
				if (o.size)
					size = o.size;
				cost[opt] = o.samples ? (o.seconds - base_s) * 1e9 / o.samples : 0;
			}
		}
		printf("%s,%d,%u,", r->name, bench_nr_dumps(r),
		       bench_nr_dumps(r) * bench_simd_data_bytes(r));
		if (err) {
			printf(",%u,,,,,,,,,not here: %s\n", bench_record_bytes(r),
			       strerror(-err));
			continue;
		}
		med = median(cost, runs);
		if (i == 0)
			ref_cost = med;
		printf("%u,%u,%lu,%lu,%lu,%d,%.0f,%.0f,%.0f,%.0f,%s\n", size,
		       bench_record_bytes(r), samples, lost, bad, runs, med,
		       cost[0], cost[runs - 1], med - ref_cost,
		       bad ? "FORMULA MISMATCH" : samples ? "ok" : "NO SAMPLES");
		if (bad || !samples)
			failed = 1;
	}
	return failed;
}
