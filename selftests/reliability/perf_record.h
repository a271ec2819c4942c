/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading perf ring buffers and checking PERF_RECORD_SAMPLE records against
 * the layout in include/uapi/linux/perf_event.h, including the SIMD block
 * of the register dumps. Shared by perf_attr_fuzz and fpu_stress.
 */
#ifndef PERF_RECORD_H
#define PERF_RECORD_H

#include <stddef.h>
#include <linux/perf_event.h>

/* One REGS_USER or REGS_INTR dump of a sample, pointing into the record */
struct regs_dump {
	__u64 abi;
	const __u64 *regs;		/* hweight(mask) registers */
	/* The SIMD block header, four u64 */
	__u64 nr_vectors, vector_qwords, nr_pred, pred_qwords;
	const __u64 *data;		/* the SIMD registers, or NULL */
};

/*
 * The kernel adds a SIMD block to the dumps of @attr: enabled, and a dump
 * to add it to; otherwise it ignores the SIMD fields.
 */
static inline int attr_has_simd_regs(const struct perf_event_attr *attr)
{
	return attr->sample_simd_regs_enabled &&
	       (attr->sample_type & (PERF_SAMPLE_REGS_USER | PERF_SAMPLE_REGS_INTR));
}

/* A SIMD block header of zeros: "not read", or a request without widths */
static inline int simd_header_zero(const struct regs_dump *d)
{
	return !d->nr_vectors && !d->vector_qwords && !d->nr_pred && !d->pred_qwords;
}

struct sample {
	__u32 pid, tid;
	int has_user, has_intr;
	struct regs_dump user, intr;
};

struct ring {
	void *base;
	size_t len;			/* of the mapping: 1 + data pages */
	char rec[65536];		/* the record being looked at, unwrapped */
};

/*
 * Check a PERF_RECORD_SAMPLE of an event opened with @attr; fill @s.
 * Returns NULL if the sizes add up and every SIMD block header says either
 * "not read" (all zero) or exactly what @attr requests; else the reason.
 */
const char *parse_sample(const struct perf_event_attr *attr,
			 const void *rec, struct sample *s);

int ring_map(struct ring *r, int fd, unsigned int data_pages);
void ring_unmap(struct ring *r);

/*
 * Call @fn on every record in the ring (none if it is not mapped), copied out whole to r->rec, and
 * consume them. Returns NULL, or why the ring itself is malformed (a
 * record size that is not a multiple of 8, too small or past the head).
 */
const char *ring_drain(struct ring *r,
		       void (*fn)(const struct perf_event_header *, void *),
		       void *arg);

#endif
