#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Write seed inputs of tools-perf/fuzz/sample-fuzz.c.

  make-corpus.py data FILE.data OUTDIR NAME [N]
      the first N (default 2) samples of each register dump layout of a
      perf.data file, each with its event's attr, as OUTDIR/NAME-K
  make-corpus.py synth OUTDIR
      hand-made samples of what QEMU cannot record: ZMM, opmask, APX eGPR
      and SSP registers, a SIMD block the kernel could not read, 32-bit
      dumps, and the same in the other byte order

An input is the fuzz head (flags, machine, perf script filter), the attr as
in a perf.data attr section and the sample record (see sample-fuzz.c).
"""

import os
import struct
import sys

PERF_RECORD_SAMPLE = 9
ATTR_SIZE = 176  # sizeof(struct perf_event_attr), PERF_ATTR_SIZE_VER10

# sample_type bits, in record order where it matters
S_IDENTIFIER = 1 << 16
S_IP = 1 << 0
S_TID = 1 << 1
S_TIME = 1 << 2
S_ADDR = 1 << 3
S_READ = 1 << 4
S_CALLCHAIN = 1 << 5
S_ID = 1 << 6
S_CPU = 1 << 7
S_PERIOD = 1 << 8
S_STREAM_ID = 1 << 9
S_RAW = 1 << 10
S_BRANCH_STACK = 1 << 11
S_REGS_USER = 1 << 12
S_STACK_USER = 1 << 13
S_WEIGHT = 1 << 14
S_DATA_SRC = 1 << 15
S_TRANSACTION = 1 << 17
S_REGS_INTR = 1 << 18
S_PHYS_ADDR = 1 << 19
S_CGROUP = 1 << 21
S_DATA_PAGE_SIZE = 1 << 22
S_CODE_PAGE_SIZE = 1 << 23
S_WEIGHT_STRUCT = 1 << 24

ABI_32, ABI_64, ABI_SIMD = 1, 2, 4

FUZZ_SWAP = 0x1
FUZZ_FILTER = 0x2
EM_X86_64, EM_386 = 0, 1  # indexes into machines[] of sample-fuzz.c

# struct perf_event_attr up to PERF_ATTR_SIZE_VER10, the bitfield word and
# aux_action as raw bytes: perf swaps them bit by bit, not as integers
ATTR_FMT = 'IIQQQQ8sIIQQQQIiQIHHI4sQQQHHHHIIQQ'
ATTR_FIELDS = ('type size config sample_period sample_type read_format flags '
               'wakeup_events bp_type config1 config2 branch_sample_type '
               'sample_regs_user sample_stack_user clockid sample_regs_intr '
               'aux_watermark sample_max_stack reserved_2 aux_sample_size '
               'aux_action sig_data config3 config4 simd_enabled '
               'simd_pred_qwords simd_vec_qwords reserved_4 simd_pred_intr '
               'simd_pred_user simd_vec_intr simd_vec_user').split()
assert struct.calcsize('<' + ATTR_FMT) == ATTR_SIZE


def revbits(b):
    return int('{:08b}'.format(b)[::-1], 2)


def attr_unpack(raw):
    raw = raw[:ATTR_SIZE].ljust(ATTR_SIZE, b'\0')
    return dict(zip(ATTR_FIELDS, struct.unpack('<' + ATTR_FMT, raw)))


def attr_pack(attr, swap=False):
    """The attr as a file of this (or with @swap the other) byte order has it."""
    a = dict(attr)
    if swap:
        # perf_event__attr_swap() reverses the bits of each byte of these
        a['flags'] = bytes(revbits(b) for b in a['flags'])
        a['aux_action'] = bytes(revbits(b) for b in a['aux_action'])
    return struct.pack(('>' if swap else '<') + ATTR_FMT,
                       *(a[f] for f in ATTR_FIELDS))


def head(flags=0, machine=EM_X86_64, fregs=0, fvec=0, fpred=0):
    return struct.pack('<BB6xQQI4x', flags, machine, fregs, fvec, fpred)


def write(path, data):
    with open(path, 'wb') as f:
        f.write(data)


def regs_layout(attr, body):
    """Key of the register dump layout of a sample: ABI words and SIMD
    block headers, to keep a few samples of each."""
    st = attr['sample_type']
    pos = 0
    u64 = lambda: struct.unpack_from('<Q', body, pos)[0]
    key = []
    for bit in (S_IDENTIFIER, S_IP, S_TID, S_TIME, S_ADDR, S_ID, S_STREAM_ID,
                S_CPU, S_PERIOD):
        if st & bit:
            pos += 8
    if st & S_READ:
        return None  # not needed for the key: keep the first samples
    if st & S_CALLCHAIN:
        pos += 8 * (1 + u64())
    if st & S_RAW:
        pos += 4 + struct.unpack_from('<I', body, pos)[0]
    if st & S_BRANCH_STACK:
        return None
    for bit, mask in ((S_REGS_USER, 'sample_regs_user'),
                      (S_REGS_INTR, 'sample_regs_intr')):
        if not st & bit:
            continue
        abi = u64()
        pos += 8
        key.append(abi)
        if abi:
            pos += 8 * bin(attr[mask]).count('1')
        if abi & ABI_SIMD:
            hdr = struct.unpack_from('<4Q', body, pos)
            key.append(hdr)
            pos += 8 * (4 + hdr[0] * hdr[1] + hdr[2] * hdr[3])
        if bit == S_REGS_USER:
            if st & S_STACK_USER:
                size = u64()
                pos += 8 + size + (8 if size else 0)
            for skip in (S_WEIGHT | S_WEIGHT_STRUCT, S_DATA_SRC, S_TRANSACTION):
                if st & skip:
                    pos += 8
    return tuple(key)


def from_data(path, outdir, name, per_layout=2):
    with open(path, 'rb') as f:
        data = f.read()
    magic, _, attr_size, a_off, a_size, d_off, d_size = \
        struct.unpack_from('<8sQQQQQQ', data)
    if magic != b'PERFILE2':
        sys.exit('%s: not a little-endian perf.data file' % path)
    attrs = {}
    first = None
    for off in range(a_off, a_off + a_size, attr_size):
        raw = data[off:off + attr_size - 16]
        attr = attr_unpack(raw)
        first = first or raw
        ids_off, ids_size = struct.unpack_from('<QQ', data, off + attr_size - 16)
        for i in range(ids_off, ids_off + ids_size, 8):
            attrs[struct.unpack_from('<Q', data, i)[0]] = raw
    seen = {}
    n = 0
    pos = d_off
    while pos + 8 <= d_off + d_size:
        rtype, _, size = struct.unpack_from('<IHH', data, pos)
        if size < 8:
            break
        rec = data[pos:pos + size]
        pos += size
        if rtype != PERF_RECORD_SAMPLE:
            continue
        raw = first
        if len(attrs) > 1:
            # perf record samples with PERF_SAMPLE_IDENTIFIER first then
            raw = attrs.get(struct.unpack_from('<Q', rec, 8)[0], first)
        attr = attr_unpack(raw)
        if not attr['sample_type'] & (S_REGS_USER | S_REGS_INTR):
            continue
        key = regs_layout(attr, rec[8:])
        if seen.get(key, 0) >= per_layout:
            continue
        seen[key] = seen.get(key, 0) + 1
        write(os.path.join(outdir, '%s-%d' % (name, n)),
              head() + raw.ljust(ATTR_SIZE, b'\0') + rec)
        n += 1
    if not n:
        sys.exit('%s: no sample with register dumps' % path)


def sample(attr, user, intr, swap=False, ip=0x401000, pid=100, tid=101,
           time=1000, period=1):
    """A sample of @attr with only IP, TID, TIME, PERIOD and register dumps,
    in this or (@swap) the other byte order: @user and @intr are (abi, regs,
    simd) with simd (nr_vec, vec_qwords, nr_pred, pred_qwords, values) or
    None. Each field has the byte order of a file of the other endianness,
    so that perf_event__all64_swap() and the parser's swap of the TID pair
    give it back: the SIMD block header is four u64."""
    e = '>' if swap else '<'
    st = attr['sample_type']
    words = []
    if st & S_IP:
        words.append(struct.pack(e + 'Q', ip))
    if st & S_TID:
        words.append(struct.pack(e + 'II', pid, tid))
    if st & S_TIME:
        words.append(struct.pack(e + 'Q', time))
    if st & S_PERIOD:
        words.append(struct.pack(e + 'Q', period))
    for bit, dump in ((S_REGS_USER, user), (S_REGS_INTR, intr)):
        if not st & bit:
            continue
        abi, regs, simd = dump
        words.append(struct.pack(e + 'Q', abi))
        words += [struct.pack(e + 'Q', r) for r in regs]
        if simd:
            nr_vec, vec_q, nr_pred, pred_q, values = simd
            words.append(struct.pack(e + '4Q', nr_vec, vec_q, nr_pred, pred_q))
            words += [struct.pack(e + 'Q', v) for v in values]
    body = b''.join(words)
    return struct.pack(e + 'IHH', PERF_RECORD_SAMPLE, 2, 8 + len(body)) + body


def simd_attr(vec_q, pred_q, vec_user, vec_intr, pred_user, pred_intr,
              regs_user, regs_intr):
    attr = attr_unpack(b'')
    attr.update(type=1, size=ATTR_SIZE, sample_period=100000,
                sample_type=S_IP | S_TID | S_TIME | S_PERIOD | S_REGS_USER |
                S_REGS_INTR,
                flags=struct.pack('<Q', (1 << 0) | (1 << 18)),  # disabled, sample_id_all
                sample_regs_user=regs_user, sample_regs_intr=regs_intr,
                simd_enabled=1, simd_pred_qwords=pred_q, simd_vec_qwords=vec_q,
                simd_vec_user=vec_user, simd_vec_intr=vec_intr,
                simd_pred_user=pred_user, simd_pred_intr=pred_intr)
    return attr


def block(mask_vec, vec_q, mask_pred, pred_q, seed):
    nv, np_ = bin(mask_vec).count('1'), bin(mask_pred).count('1')
    values = [(seed << 56) | (i * 0x0101010101) for i in range(nv * vec_q + np_ * pred_q)]
    return (nv, vec_q, np_, pred_q, values)


def synth(outdir):
    gprs = 0xff0fff  # AX..SS and R8-R15 of the x86-64 ABI
    egpr = 0xffff << 24
    ssp = 1 << 40
    seeds = []

    def add(name, attr, user, intr, **hd):
        seeds.append((name, attr, user, intr, hd))

    def regs(mask, base):
        return [base + i for i in range(bin(mask).count('1'))]

    # ZMM0-31 and K0-7 in both dumps
    a = simd_attr(8, 1, 0xffffffff, 0xffffffff, 0xff, 0xff, gprs, gprs)
    add('zmm-opmask', a,
        (ABI_64 | ABI_SIMD, regs(gprs, 0x1000), block(0xffffffff, 8, 0xff, 1, 1)),
        (ABI_64 | ABI_SIMD, regs(gprs, 0x2000), block(0xffffffff, 8, 0xff, 1, 2)))
    # APX eGPRs R16-R31 and SSP, opmask only, no vectors
    a = simd_attr(0, 1, 0, 0, 0xff, 0x3, gprs | egpr | ssp, gprs | egpr)
    add('egpr-ssp', a,
        (ABI_64 | ABI_SIMD, regs(gprs | egpr | ssp, 0x3000), block(0, 0, 0xff, 1, 3)),
        (ABI_64 | ABI_SIMD, regs(gprs | egpr, 0x4000), block(0, 0, 0x3, 1, 4)))
    # XMM of user, ZMM16-31 of intr: one vector width per event, so the
    # user block is at ZMM width too
    a = simd_attr(8, 1, 0xffff, 0xffff0000, 0, 0xf0, gprs, 0)
    add('zmm-high', a,
        (ABI_64 | ABI_SIMD, regs(gprs, 0x5000), block(0xffff, 8, 0, 1, 5)),
        (ABI_64 | ABI_SIMD, [], block(0xffff0000, 8, 0xf0, 1, 6)))
    # The kernel could not read the SIMD registers: all-zero block header,
    # eGPRs and SSP read as zero
    a = simd_attr(4, 0, 0xffff, 0xffff, 0, 0, gprs | egpr | ssp, gprs | egpr)
    add('not-read', a,
        (ABI_64 | ABI_SIMD, regs(gprs, 0x6000) + [0] * 17, (0, 0, 0, 0, [])),
        (ABI_64 | ABI_SIMD, regs(gprs, 0x7000) + [0] * 16, (0, 0, 0, 0, [])))
    # eGPRs and SSP alone: no widths, a block header of four zeros
    a = simd_attr(0, 0, 0, 0, 0, 0, gprs | egpr | ssp, gprs | egpr)
    add('egpr-only', a,
        (ABI_64 | ABI_SIMD, regs(gprs | egpr | ssp, 0xb000), (0, 0, 0, 0, [])),
        (ABI_64 | ABI_SIMD, regs(gprs | egpr, 0xc000), (0, 0, 0, 0, [])))
    # A 32-bit task: 32-bit dump ABI, YMM of user, i386 names
    g32 = 0x1ff  # AX..IP of the 32-bit ABI
    a = simd_attr(4, 0, 0xff, 0, 0, 0, g32, g32)
    add('ymm-32bit', a,
        (ABI_32 | ABI_SIMD, regs(g32, 0x8000), block(0xff, 4, 0, 0, 8)),
        (ABI_32 | ABI_SIMD, regs(g32, 0x9000), (0, 4, 0, 0, [])),
        machine=EM_386)
    # No user registers (kernel thread): ABI_NONE, and a filtered perf script
    a = simd_attr(4, 0, 0xffff, 0xffff, 0, 0, gprs, gprs)
    add('user-none-filter', a, (0, [], None),
        (ABI_64 | ABI_SIMD, regs(gprs, 0xa000), block(0xffff, 4, 0, 0, 10)),
        flags=FUZZ_FILTER, fregs=0x3, fvec=0x5)

    for name, attr, user, intr, hd in seeds:
        machine = hd.get('machine', EM_X86_64)
        flags = hd.get('flags', 0)
        fregs, fvec = hd.get('fregs', 0), hd.get('fvec', 0)
        write(os.path.join(outdir, 'synth-' + name),
              head(flags, machine, fregs, fvec) + attr_pack(attr) +
              sample(attr, user, intr))
        write(os.path.join(outdir, 'synth-' + name + '-swapped'),
              head(flags | FUZZ_SWAP, machine, fregs, fvec) +
              attr_pack(attr, swap=True) + sample(attr, user, intr, swap=True))


def main():
    if len(sys.argv) >= 5 and sys.argv[1] == 'data':
        from_data(sys.argv[2], sys.argv[3], sys.argv[4],
                  int(sys.argv[5]) if len(sys.argv) > 5 else 2)
    elif len(sys.argv) == 3 and sys.argv[1] == 'synth':
        synth(sys.argv[2])
    else:
        sys.exit(__doc__)


if __name__ == '__main__':
    main()
