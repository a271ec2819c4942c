/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The register requests that 'make bench' measures, shared by the guest
 * sampler (simd-bench.c) and the host floor (xsave-floor.c), and the exact
 * size of the sample record each one makes: the ABI word and the general
 * purpose registers of each dump, and per dump with the SIMD ABI the block
 * header (four u64: 32 bytes) and 8 x (nr_vectors x vector_qwords +
 * nr_pred x pred_qwords) bytes of registers.
 */
#ifndef BENCH_REQUESTS_H
#define BENCH_REQUESTS_H

#include <linux/perf_event.h>
#include <asm/perf_regs.h>

#define BIT_ULL(n)	(1ULL << (n))

/* Every general purpose register of x86_64; DS-GS cannot be sampled */
#define ALL_GPR_MASK	((BIT_ULL(PERF_REG_X86_64_MAX) - 1) &		\
			 ~(BIT_ULL(PERF_REG_X86_DS) | BIT_ULL(PERF_REG_X86_ES) | \
			   BIT_ULL(PERF_REG_X86_FS) | BIT_ULL(PERF_REG_X86_GS)))
#define EGPR_MASK	(0xffffULL << PERF_REG_X86_R16)
#define SSP_MASK	BIT_ULL(PERF_REG_X86_SSP)

/* The SIMD block header: nr_vectors, vector_qwords, nr_pred, pred_qwords */
#define SIMD_HEADER_BYTES	(4 * 8)

/* XCR0 bits of the state components that hold the sampled registers */
#define XCR0_SSE	BIT_ULL(1)
#define XCR0_YMM	BIT_ULL(2)
#define XCR0_OPMASK	BIT_ULL(5)
#define XCR0_ZMM_HI256	BIT_ULL(6)
#define XCR0_HI16_ZMM	BIT_ULL(7)
#define XCR0_APX	BIT_ULL(19)

enum { DUMP_USER = 1, DUMP_INTR = 2 };

struct bench_request {
	const char *name;
	int simd;		/* under the SIMD ABI (sample_simd_regs_enabled) */
	int dumps;		/* DUMP_USER and/or DUMP_INTR */
	unsigned long long gprs;
	unsigned short qwords;
	unsigned long long vec;
	unsigned int pred;
};

/* The first request is the reference: general purpose registers only */
static const struct bench_request bench_requests[] = {
	{ "gpr",          0, DUMP_USER, ALL_GPR_MASK, 0, 0, 0 },
	{ "gpr-simd-abi", 1, DUMP_USER, ALL_GPR_MASK, 0, 0, 0 },
	{ "xmm0",         1, DUMP_USER, ALL_GPR_MASK, 2, 0x1, 0 },
	{ "xmm",          1, DUMP_USER, ALL_GPR_MASK, 2, 0xffff, 0 },
	{ "ymm0-3",       1, DUMP_USER, ALL_GPR_MASK, 4, 0xf, 0 },
	{ "ymm0-7",       1, DUMP_USER, ALL_GPR_MASK, 4, 0xff, 0 },
	{ "ymm",          1, DUMP_USER, ALL_GPR_MASK, 4, 0xffff, 0 },
	{ "zmm0-15",      1, DUMP_USER, ALL_GPR_MASK, 8, 0xffff, 0 },
	{ "zmm",          1, DUMP_USER, ALL_GPR_MASK, 8, 0xffffffffULL, 0 },
	{ "opmask",       1, DUMP_USER, ALL_GPR_MASK, 0, 0, 0xff },
	{ "zmm+opmask",   1, DUMP_USER, ALL_GPR_MASK, 8, 0xffffffffULL, 0xff },
	{ "egpr+ssp",     1, DUMP_USER, ALL_GPR_MASK | EGPR_MASK | SSP_MASK, 0, 0, 0 },
	{ "ymm+egpr",     1, DUMP_USER, ALL_GPR_MASK | EGPR_MASK, 4, 0xffff, 0 },
	{ "gpr user+intr", 0, DUMP_USER | DUMP_INTR, ALL_GPR_MASK, 0, 0, 0 },
	{ "xmm user+intr", 1, DUMP_USER | DUMP_INTR, ALL_GPR_MASK, 2, 0xffff, 0 },
	{ "ymm user+intr", 1, DUMP_USER | DUMP_INTR, ALL_GPR_MASK, 4, 0xffff, 0 },
};

#define NR_BENCH_REQUESTS (sizeof(bench_requests) / sizeof(bench_requests[0]))

/* The fields of a sample besides the register dumps: IP and TID */
#define BENCH_SAMPLE_TYPE	(PERF_SAMPLE_IP | PERF_SAMPLE_TID)
#define BENCH_FIXED_BYTES	(sizeof(struct perf_event_header) + 2 * 8)

static inline int bench_nr_dumps(const struct bench_request *r)
{
	return __builtin_popcount(r->dumps);
}

/* Bytes of SIMD register data in one dump */
static inline unsigned int bench_simd_data_bytes(const struct bench_request *r)
{
	return 8 * (__builtin_popcountll(r->vec) * r->qwords +
		    __builtin_popcount(r->pred) * PERF_X86_OPMASK_QWORDS);
}

/* One register dump: ABI word, regs[], and the SIMD block */
static inline unsigned int bench_dump_bytes(const struct bench_request *r)
{
	unsigned int size = 8 + 8 * __builtin_popcountll(r->gprs);

	if (r->simd)
		size += SIMD_HEADER_BYTES + bench_simd_data_bytes(r);
	return size;
}

/* The whole sample record the kernel must write for @r */
static inline unsigned int bench_record_bytes(const struct bench_request *r)
{
	return BENCH_FIXED_BYTES + bench_nr_dumps(r) * bench_dump_bytes(r);
}

/*
 * The XSAVE components that hold the registers of @r: XMM0-15 (SSE) and
 * the upper halves of YMM0-15 and ZMM0-15 are components of their own, as
 * are ZMM16-31, the opmasks and the APX registers. SSP is in CET_USER, a
 * supervisor component user space cannot save: not counted.
 */
static inline unsigned long long bench_xfeatures(const struct bench_request *r)
{
	unsigned long long x = 0;

	if (r->vec & 0xffff) {
		x |= XCR0_SSE;
		if (r->qwords >= PERF_X86_YMM_QWORDS)
			x |= XCR0_YMM;
		if (r->qwords >= PERF_X86_ZMM_QWORDS)
			x |= XCR0_ZMM_HI256;
	}
	if (r->vec & 0xffff0000ULL)
		x |= XCR0_HI16_ZMM;
	if (r->pred)
		x |= XCR0_OPMASK;
	if (r->gprs & EGPR_MASK)
		x |= XCR0_APX;
	return x;
}

#endif
