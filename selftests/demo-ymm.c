// SPDX-License-Identifier: GPL-2.0
/*
 * The workload of 'make demo' (selftests/demo-guest.sh): put known values
 * in YMM0-15, then spin in a loop that touches no vector register, so
 * that every sample of the loop must show them. Qword k of YMMn is the
 * bytes n and k repeated, e.g. YMM3 = 0x0303030303030303_0302030203020302_
 * 0301030103010301_0300030003000300 (most significant qword first), so
 * that a value read in the wrong place names where it came from.
 *
 * Usage: demo-ymm ITERATIONS
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NR_YMM		16
#define YMM_QWORDS	4

static uint64_t values[NR_YMM][YMM_QWORDS] __attribute__((aligned(32)));

static void make_values(void)
{
	int n, k;

	for (n = 0; n < NR_YMM; n++)
		for (k = 0; k < YMM_QWORDS; k++)
			values[n][k] = 0x0001000100010001ULL * (n << 8 | k);
}

/* Load YMM0-15 and spin @iterations times without touching them */
__attribute__((target("avx")))
static void load_and_spin(unsigned long iterations)
{
	asm volatile("vmovdqa 0x000(%1), %%ymm0\n\t"
		     "vmovdqa 0x020(%1), %%ymm1\n\t"
		     "vmovdqa 0x040(%1), %%ymm2\n\t"
		     "vmovdqa 0x060(%1), %%ymm3\n\t"
		     "vmovdqa 0x080(%1), %%ymm4\n\t"
		     "vmovdqa 0x0a0(%1), %%ymm5\n\t"
		     "vmovdqa 0x0c0(%1), %%ymm6\n\t"
		     "vmovdqa 0x0e0(%1), %%ymm7\n\t"
		     "vmovdqa 0x100(%1), %%ymm8\n\t"
		     "vmovdqa 0x120(%1), %%ymm9\n\t"
		     "vmovdqa 0x140(%1), %%ymm10\n\t"
		     "vmovdqa 0x160(%1), %%ymm11\n\t"
		     "vmovdqa 0x180(%1), %%ymm12\n\t"
		     "vmovdqa 0x1a0(%1), %%ymm13\n\t"
		     "vmovdqa 0x1c0(%1), %%ymm14\n\t"
		     "vmovdqa 0x1e0(%1), %%ymm15\n\t"
		     "1: dec %0\n\t"
		     "jnz 1b"
		     : "+r"(iterations) : "r"(values)
		     : "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5",
		       "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11",
		       "xmm12", "xmm13", "xmm14", "xmm15");
}

int main(int argc, char **argv)
{
	unsigned long iterations;

	if (argc != 2 || !(iterations = strtoul(argv[1], NULL, 0))) {
		fprintf(stderr, "usage: %s ITERATIONS\n", argv[0]);
		return 2;
	}
	if (!__builtin_cpu_supports("avx")) {
		fprintf(stderr, "%s: this CPU has no AVX\n", argv[0]);
		return 4;
	}
	make_values();
	load_and_spin(iterations);
	return 0;
}
