// SPDX-License-Identifier: GPL-2.0
/* See perf_record.h */
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "perf_record.h"

struct cursor {
	const __u64 *p, *end;
};

static const __u64 *take(struct cursor *c, size_t n)
{
	const __u64 *p = c->p;

	if ((size_t)(c->end - c->p) < n)
		return NULL;
	c->p += n;
	return p;
}

static const char *parse_dump(const struct perf_event_attr *attr,
			      struct cursor *c, __u64 mask, __u64 vec_mask,
			      __u32 pred_mask, struct regs_dump *d)
{
	const __u64 *abi = take(c, 1), *hdr;
	__u64 qwords;

	memset(d, 0, sizeof(*d));
	if (!abi)
		return "record ends in a register dump's abi word";
	d->abi = *abi;
	if (!d->abi)
		return NULL;
	if (d->abi & ~(__u64)(PERF_SAMPLE_REGS_ABI_32 | PERF_SAMPLE_REGS_ABI_64 |
			      PERF_SAMPLE_REGS_ABI_SIMD))
		return "unknown bits in a register dump's abi word";
	if (!(d->abi & PERF_SAMPLE_REGS_ABI_SIMD) != !attr_has_simd_regs(attr))
		return "the SIMD abi bit disagrees with sample_simd_regs_enabled";
	d->regs = take(c, __builtin_popcountll(mask));
	if (!d->regs)
		return "record ends in a register dump's registers";
	if (!(d->abi & PERF_SAMPLE_REGS_ABI_SIMD))
		return NULL;
	hdr = take(c, 4);
	if (!hdr)
		return "record ends in a SIMD block header";
	d->nr_vectors = hdr[0];
	d->vector_qwords = hdr[1];
	d->nr_pred = hdr[2];
	d->pred_qwords = hdr[3];
	if (simd_header_zero(d))
		return NULL;
	if (d->nr_vectors != __builtin_popcountll(vec_mask) ||
	    d->vector_qwords != attr->sample_simd_vec_reg_qwords ||
	    d->nr_pred != __builtin_popcount(pred_mask) ||
	    d->pred_qwords != attr->sample_simd_pred_reg_qwords)
		return "SIMD block header is neither zero nor what the attr requests";
	qwords = d->nr_vectors * d->vector_qwords + d->nr_pred * d->pred_qwords;
	d->data = take(c, qwords);
	if (!d->data)
		return "record ends in the SIMD block data";
	return NULL;
}

/* Step over the read values of PERF_SAMPLE_READ */
static const char *skip_read(const struct perf_event_attr *attr, struct cursor *c)
{
	__u64 f = attr->read_format, per = 1, fixed = 0;
	const __u64 *nr;

	fixed += !!(f & PERF_FORMAT_TOTAL_TIME_ENABLED);
	fixed += !!(f & PERF_FORMAT_TOTAL_TIME_RUNNING);
	per += !!(f & PERF_FORMAT_ID) + !!(f & PERF_FORMAT_LOST);
	if (!(f & PERF_FORMAT_GROUP))
		return take(c, fixed + per) ? NULL : "record ends in read values";
	nr = take(c, 1);
	if (!nr || *nr > 1024 || !take(c, fixed + *nr * per))
		return "record ends in group read values";
	return NULL;
}

const char *parse_sample(const struct perf_event_attr *attr,
			 const void *rec, struct sample *s)
{
	const struct perf_event_header *h = rec;
	__u64 t = attr->sample_type;
	struct cursor c = {
		(const __u64 *)(h + 1),
		(const __u64 *)((const char *)rec + h->size),
	};
	const __u64 *p;
	const char *err;
	int i;

	memset(s, 0, sizeof(*s));
	/* IDENTIFIER IP | TID | TIME ADDR ID STREAM_ID | CPU | PERIOD */
	if (!take(&c, !!(t & PERF_SAMPLE_IDENTIFIER) + !!(t & PERF_SAMPLE_IP)))
		return "record ends in its fixed fields";
	if (t & PERF_SAMPLE_TID) {
		p = take(&c, 1);
		if (!p)
			return "record ends in pid, tid";
		s->pid = (__u32)*p;
		s->tid = (__u32)(*p >> 32);
	}
	if (!take(&c, !!(t & PERF_SAMPLE_TIME) + !!(t & PERF_SAMPLE_ADDR) +
		      !!(t & PERF_SAMPLE_ID) + !!(t & PERF_SAMPLE_STREAM_ID) +
		      !!(t & PERF_SAMPLE_CPU) + !!(t & PERF_SAMPLE_PERIOD)))
		return "record ends in its fixed fields";
	if (t & PERF_SAMPLE_READ) {
		err = skip_read(attr, &c);
		if (err)
			return err;
	}
	if (t & PERF_SAMPLE_CALLCHAIN) {
		p = take(&c, 1);
		if (!p || *p > 65536 || !take(&c, *p))
			return "record ends in the callchain";
	}
	if (t & PERF_SAMPLE_RAW) {
		__u32 size;

		if (c.p >= c.end)
			return "record ends in the raw size";
		memcpy(&size, c.p, 4);
		if ((size + 4) % 8)
			return "raw data not padded to 8 bytes";
		if (!take(&c, (size + 4) / 8))
			return "record ends in the raw data";
	}
	if (t & PERF_SAMPLE_BRANCH_STACK) {
		__u64 b = attr->branch_sample_type;

		p = take(&c, 1);
		if (!p || *p > 1024 ||
		    !take(&c, !!(b & PERF_SAMPLE_BRANCH_HW_INDEX) + 3 * *p +
				  (b & PERF_SAMPLE_BRANCH_COUNTERS ? *p : 0)))
			return "record ends in the branch stack";
	}
	if (t & PERF_SAMPLE_REGS_USER) {
		s->has_user = 1;
		err = parse_dump(attr, &c, attr->sample_regs_user,
				 attr->sample_simd_vec_reg_user,
				 attr->sample_simd_pred_reg_user, &s->user);
		if (err)
			return err;
	}
	if (t & PERF_SAMPLE_STACK_USER) {
		p = take(&c, 1);
		if (!p)
			return "record ends in the user stack size";
		if (*p % 8 || *p > attr->sample_stack_user)
			return "user stack size not a multiple of 8 or above the request";
		if (*p) {
			const __u64 *dyn;

			if (!take(&c, *p / 8))
				return "record ends in the user stack";
			dyn = take(&c, 1);
			if (!dyn || *dyn > *p)
				return "user stack dyn_size missing or above its size";
		}
	}
	if (!take(&c, !!(t & (PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT)) +
		      !!(t & PERF_SAMPLE_DATA_SRC) + !!(t & PERF_SAMPLE_TRANSACTION)))
		return "record ends in weight, data_src or transaction";
	if (t & PERF_SAMPLE_REGS_INTR) {
		s->has_intr = 1;
		err = parse_dump(attr, &c, attr->sample_regs_intr,
				 attr->sample_simd_vec_reg_intr,
				 attr->sample_simd_pred_reg_intr, &s->intr);
		if (err)
			return err;
	}
	i = !!(t & PERF_SAMPLE_PHYS_ADDR) + !!(t & PERF_SAMPLE_CGROUP) +
	    !!(t & PERF_SAMPLE_DATA_PAGE_SIZE) + !!(t & PERF_SAMPLE_CODE_PAGE_SIZE);
	if (!take(&c, i))
		return "record ends in phys_addr .. code_page_size";
	if (t & PERF_SAMPLE_AUX) {
		p = take(&c, 1);
		if (!p || *p % 8 || !take(&c, *p / 8))
			return "record ends in the aux data";
	}
	if (c.p != c.end)
		return "record is longer than its fields";
	return NULL;
}

int ring_map(struct ring *r, int fd, unsigned int data_pages)
{
	r->len = (1 + data_pages) * (size_t)sysconf(_SC_PAGESIZE);
	r->base = mmap(NULL, r->len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (r->base == MAP_FAILED) {
		r->base = NULL;
		return -1;
	}
	return 0;
}

void ring_unmap(struct ring *r)
{
	if (r->base)
		munmap(r->base, r->len);
	r->base = NULL;
}

const char *ring_drain(struct ring *r,
		       void (*fn)(const struct perf_event_header *, void *),
		       void *arg)
{
	struct perf_event_mmap_page *pg = r->base;
	const char *data, *err = NULL;
	__u64 size, head, tail;

	if (!pg)
		return NULL;
	data = (const char *)r->base + pg->data_offset;
	size = pg->data_size;
	head = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE);
	tail = pg->data_tail;

	while (tail < head) {
		struct perf_event_header h;
		__u64 off, first;

		if (head - tail < sizeof(h)) {
			err = "ring ends inside a record header";
			break;
		}
		off = tail % size;
		first = size - off < sizeof(h) ? size - off : sizeof(h);
		memcpy(&h, data + off, first);
		memcpy((char *)&h + first, data, sizeof(h) - first);
		if (h.size < sizeof(h) || h.size % 8 || h.size > head - tail) {
			err = "record size too small, not a multiple of 8 or past the head";
			break;
		}
		first = size - off < h.size ? size - off : h.size;
		memcpy(r->rec, data + off, first);
		memcpy(r->rec + first, data, h.size - first);
		fn((const struct perf_event_header *)r->rec, arg);
		tail += h.size;
	}
	__atomic_store_n(&pg->data_tail, head, __ATOMIC_RELEASE);
	return err;
}
