// SPDX-License-Identifier: GPL-2.0
/*
 * The host side of 'make bench': the floor that any implementation of
 * SIMD register sampling pays, measured in user mode on this CPU. For each
 * register request of requests.h: one XSAVE and one XSAVEC of the state
 * components that hold its registers (with the registers out of their init
 * state, so that XSAVE writes them), and one memcpy() of its SIMD bytes,
 * each as the mean over many iterations, the best of 7 such means (the
 * machine is shared), in nanoseconds (clock_gettime) and in TSC cycles.
 *
 * Usage: xsave-floor [-n ITERATIONS]
 * Prints one CSV line per request; a request whose components this CPU
 * has not enabled in XCR0 gets "not here".
 */
#define _GNU_SOURCE
#include <cpuid.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <x86intrin.h>

#include "requests.h"

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static unsigned long long xgetbv0(void)
{
	unsigned int lo, hi;

	asm volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return lo | (unsigned long long)hi << 32;
}

/* Registers out of their init state: see fill_registers() of simd-bench.c */
__attribute__((target("avx512f")))
static void fill_avx512(void)
{
	asm volatile("vpternlogd $0xff, %%zmm0, %%zmm0, %%zmm0\n\t"
		     "vpternlogd $0xff, %%zmm16, %%zmm16, %%zmm16\n\t"
		     "kxnorw %%k0, %%k0, %%k1" ::: "memory");
}

__attribute__((target("avx")))
static void fill_avx(void)
{
	asm volatile("vpcmpeqd %%ymm0, %%ymm0, %%ymm0" ::: "memory");
}

enum op { OP_XSAVE, OP_XSAVEC, OP_MEMCPY };

/* Mean time of one @op over @n, in ns and in TSC cycles */
static void measure_once(enum op op, void *buf, const void *src, size_t bytes,
			 unsigned long long mask, long n, double *ns,
			 double *cycles)
{
	unsigned int lo = mask, hi = mask >> 32;
	unsigned long long c0;
	double t0;
	long i;

	t0 = now_ns();
	c0 = __rdtsc();
	for (i = 0; i < n; i++) {
		switch (op) {
		case OP_XSAVE:
			asm volatile("xsave64 (%0)" :: "r"(buf), "a"(lo), "d"(hi) : "memory");
			break;
		case OP_XSAVEC:
			asm volatile("xsavec64 (%0)" :: "r"(buf), "a"(lo), "d"(hi) : "memory");
			break;
		case OP_MEMCPY:
			memcpy(buf, src, bytes);
			asm volatile("" :: "r"(buf) : "memory");
			break;
		}
	}
	*cycles = (double)(__rdtsc() - c0) / n;
	*ns = (now_ns() - t0) / n;
}

/* The best of 7 means over @n / 7 */
static void measure(enum op op, void *buf, const void *src, size_t bytes,
		    unsigned long long mask, long n, double *ns, double *cycles)
{
	double t, c;
	int i;

	*ns = *cycles = 1e30;
	for (i = 0; i < 7; i++) {
		measure_once(op, buf, src, bytes, mask, n / 7 + 1, &t, &c);
		if (t < *ns)
			*ns = t;
		if (c < *cycles)
			*cycles = c;
	}
}

int main(int argc, char **argv)
{
	unsigned int a, b, c, d, i;
	unsigned long long xcr0;
	long n = 1000000;
	char *buf, *src;
	int xsavec;

	if (argc == 3 && !strcmp(argv[1], "-n"))
		n = atol(argv[2]);
	else if (argc != 1) {
		fprintf(stderr, "usage: %s [-n ITERATIONS]\n", argv[0]);
		return 2;
	}
	/* CPUID.1:ECX.OSXSAVE, then the size of the XSAVE area for XCR0 */
	if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1U << 27))) {
		fprintf(stderr, "xsave-floor: this CPU has no XSAVE enabled\n");
		return 1;
	}
	xcr0 = xgetbv0();
	__get_cpuid_count(0xd, 0, &a, &b, &c, &d);
	buf = aligned_alloc(64, (b + 4095) & ~4095U);
	src = aligned_alloc(64, 65536);
	memset(buf, 0, b);
	memset(src, 0x5a, 65536);
	__get_cpuid_count(0xd, 1, &a, &b, &c, &d);
	xsavec = a & 2;

	printf("request,simd_bytes,xfeatures,xsave_ns,xsave_cycles,xsavec_ns,xsavec_cycles,memcpy_ns,memcpy_cycles,status\n");
	for (i = 0; i < NR_BENCH_REQUESTS; i++) {
		const struct bench_request *r = &bench_requests[i];
		unsigned long long x = bench_xfeatures(r);
		size_t bytes = bench_nr_dumps(r) * bench_simd_data_bytes(r);
		double xs_ns, xs_c, xc_ns = 0, xc_c = 0, mc_ns, mc_c;

		printf("%s,%zu,%#llx,", r->name, bytes, x);
		if ((xcr0 & x) != x) {
			printf(",,,,,,not here: XCR0 %#llx\n", xcr0);
			continue;
		}
		if (xcr0 & XCR0_OPMASK)
			fill_avx512();
		else if (xcr0 & XCR0_YMM)
			fill_avx();
		measure(OP_XSAVE, buf, NULL, 0, x, n, &xs_ns, &xs_c);
		if (xsavec)
			measure(OP_XSAVEC, buf, NULL, 0, x, n, &xc_ns, &xc_c);
		measure(OP_MEMCPY, buf, src, bytes, 0, n, &mc_ns, &mc_c);
		printf("%.1f,%.0f,%.1f,%.0f,%.1f,%.0f,ok\n", xs_ns, xs_c,
		       xc_ns, xc_c, mc_ns, mc_c);
	}
	return 0;
}
