package mpi;

import org.agrona.UnsafeApi;

/**
 * A datatype's typemap compiled, at {@code commit}, into a copy program over byte offsets from an
 * item's origin, with contiguous runs merged (also across elements of different types) and
 * regular runs folded into strided copies, so a vector moves as one tight loop and a contiguous
 * type as one memory copy. {@link #pack} gathers {@code count} items (one every {@code extent}
 * bytes) into a contiguous buffer; {@link #unpack} scatters them back, stopping after the bytes
 * that arrived. Stateless after construction, so one plan serves every thread; allocates nothing.
 *
 * <pre>
 *   program (long[]):
 *     COPY   start len                    copy len bytes at origin + start
 *     STRIDE start len stride reps        reps runs of len bytes, stride apart
 *     LOOP   start count stride bodyLen   run the next bodyLen longs count times,
 *            body...                      origin + start + k * stride each time
 * </pre>
 *
 * Memory is addressed Unsafe-style as (object, offset): an array and its base offset plus a byte
 * offset, or null and a native address. Callers check bounds before ({@link Buf}).
 */
final class CopyPlan
{
    private static final int COPY = 0;
    private static final int STRIDE = 1;
    private static final int LOOP = 2;

    private final long[] code;
    private final long size;
    private final long extent;

    CopyPlan(final Layout layout)
    {
        final LongList out = new LongList();
        emit(layout.nodes, 0, out);
        this.code = out.toArray();
        this.size = layout.size;
        this.extent = layout.extent();
    }

    /** True when {@code count} items are one contiguous run of {@code count * size} bytes from the origin. */
    boolean dense()
    {
        return size == 0 || code.length == 3 && code[0] == COPY && code[1] == 0 && code[2] == size && extent == size;
    }

    /** The number of top-level ops of the program (a loop counts as one), for tests and {@code toString}. */
    int ops()
    {
        int n = 0;
        for (int pc = 0; pc < code.length; n++)
        {
            pc += code[pc] == COPY ? 3 : code[pc] == STRIDE ? 5 : 5 + (int)code[pc + 4];
        }
        return n;
    }

    /** Gathers {@code count} items at (mem, memAddr) into (buf, bufAddr); returns the bytes written ({@code count * size}). */
    long pack(final Object mem, final long memAddr, final long count, final Object buf, final long bufAddr)
    {
        return move(mem, memAddr, count, buf, bufAddr, count * size, true);
    }

    /** Scatters the first {@code limit} packed bytes at (buf, bufAddr) into {@code count} items at (mem, memAddr); returns the bytes read. */
    long unpack(final Object buf, final long bufAddr, final long limit, final Object mem, final long memAddr, final long count)
    {
        return move(mem, memAddr, count, buf, bufAddr, Math.min(limit, count * size), false);
    }

    private long move(final Object mem, final long memAddr, final long count, final Object buf, final long bufAddr,
        final long limit, final boolean pack)
    {
        if (limit <= 0)
        {
            return 0;
        }
        if (code.length == 3 && extent == code[2])
        {
            copy(mem, memAddr + code[1], buf, bufAddr, limit, pack);
            return limit;
        }
        if (code.length == 5 && code[0] == STRIDE && extent == code[3] * code[4])
        {
            return strided(mem, memAddr + code[1], code[2], code[3], code[4] * count, buf, bufAddr, 0, limit, pack);
        }
        long done = 0;
        for (long i = 0; i < count && done < limit; i++)
        {
            done = run(0, code.length, mem, memAddr + i * extent, buf, bufAddr, done, limit, pack);
        }
        return done;
    }

    private long run(final int from, final int to, final Object mem, final long origin, final Object buf, final long bufAddr,
        final long start, final long limit, final boolean pack)
    {
        long done = start;
        int pc = from;
        while (pc < to && done < limit)
        {
            final long op = code[pc];
            if (op == COPY)
            {
                final long len = Math.min(code[pc + 2], limit - done);
                copy(mem, origin + code[pc + 1], buf, bufAddr + done, len, pack);
                done += len;
                pc += 3;
            }
            else if (op == STRIDE)
            {
                done = strided(mem, origin + code[pc + 1], code[pc + 2], code[pc + 3], code[pc + 4], buf, bufAddr, done, limit, pack);
                pc += 5;
            }
            else
            {
                final int body = pc + 5;
                final int end = body + (int)code[pc + 4];
                for (long k = 0; k < code[pc + 2] && done < limit; k++)
                {
                    done = run(body, end, mem, origin + code[pc + 1] + k * code[pc + 3], buf, bufAddr, done, limit, pack);
                }
                pc = end;
            }
        }
        return done;
    }

    /** {@code reps} runs of {@code len} bytes every {@code stride} bytes, cut at {@code limit} packed bytes; returns the new packed offset. */
    private static long strided(final Object mem, final long memAddr, final long len, final long stride, final long reps,
        final Object buf, final long bufAddr, final long done, final long limit, final boolean pack)
    {
        final long whole = Math.min(reps, (limit - done) / len);
        final long b = bufAddr + done;
        if (len == 8)
        {
            if (pack)
            {
                gather8(mem, memAddr, stride, whole, buf, b);
            }
            else
            {
                scatter8(buf, b, mem, memAddr, stride, whole);
            }
        }
        else if (len == 4)
        {
            if (pack)
            {
                gather4(mem, memAddr, stride, whole, buf, b);
            }
            else
            {
                scatter4(buf, b, mem, memAddr, stride, whole);
            }
        }
        else
        {
            for (long j = 0; j < whole; j++)
            {
                copy(mem, memAddr + j * stride, buf, b + j * len, len, pack);
            }
        }
        long at = done + whole * len;
        if (whole < reps && at < limit)
        {
            copy(mem, memAddr + whole * stride, buf, bufAddr + at, limit - at, pack);
            at = limit;
        }
        return at;
    }

    /** Runs per inner loop: an int-counted loop (which the JIT unrolls) over at most this many runs. */
    private static final int CHUNK = 1 << 16;

    private static void gather8(final Object mem, final long memAddr, final long stride, final long n, final Object buf, final long bufAddr)
    {
        long m = memAddr;
        long b = bufAddr;
        for (long left = n; left > 0; left -= CHUNK)
        {
            final int k = (int)Math.min(left, CHUNK);
            for (int j = 0; j < k; j++)
            {
                UnsafeApi.putLongUnaligned(buf, b, UnsafeApi.getLongUnaligned(mem, m));
                m += stride;
                b += 8;
            }
        }
    }

    private static void scatter8(final Object buf, final long bufAddr, final Object mem, final long memAddr, final long stride, final long n)
    {
        long m = memAddr;
        long b = bufAddr;
        for (long left = n; left > 0; left -= CHUNK)
        {
            final int k = (int)Math.min(left, CHUNK);
            for (int j = 0; j < k; j++)
            {
                UnsafeApi.putLongUnaligned(mem, m, UnsafeApi.getLongUnaligned(buf, b));
                m += stride;
                b += 8;
            }
        }
    }

    private static void gather4(final Object mem, final long memAddr, final long stride, final long n, final Object buf, final long bufAddr)
    {
        long m = memAddr;
        long b = bufAddr;
        for (long left = n; left > 0; left -= CHUNK)
        {
            final int k = (int)Math.min(left, CHUNK);
            for (int j = 0; j < k; j++)
            {
                UnsafeApi.putIntUnaligned(buf, b, UnsafeApi.getIntUnaligned(mem, m));
                m += stride;
                b += 4;
            }
        }
    }

    private static void scatter4(final Object buf, final long bufAddr, final Object mem, final long memAddr, final long stride, final long n)
    {
        long m = memAddr;
        long b = bufAddr;
        for (long left = n; left > 0; left -= CHUNK)
        {
            final int k = (int)Math.min(left, CHUNK);
            for (int j = 0; j < k; j++)
            {
                UnsafeApi.putIntUnaligned(mem, m, UnsafeApi.getIntUnaligned(buf, b));
                m += stride;
                b += 4;
            }
        }
    }

    private static void copy(final Object mem, final long memAddr, final Object buf, final long bufAddr, final long len, final boolean pack)
    {
        if (pack)
        {
            UnsafeApi.copyMemory(mem, memAddr, buf, bufAddr, len);
        }
        else
        {
            UnsafeApi.copyMemory(buf, bufAddr, mem, memAddr, len);
        }
    }

    // ---- compilation

    private static void emit(final TypeNode[] nodes, final long origin, final LongList out)
    {
        for (final TypeNode n : nodes)
        {
            final long at = origin + n.disp;
            if (n.isLeaf())
            {
                addCopy(out, at, n.count * n.elemSize);
                continue;
            }
            final LongList body = new LongList();
            emit(n.body, 0, body);
            if (body.size == 3 && body.data[0] == COPY)
            {
                addStride(out, at + body.data[1], body.data[2], n.stride, n.count);
            }
            else if (body.size == 5 && body.data[0] == STRIDE && body.data[3] * body.data[4] == n.stride)
            {
                addStride(out, at + body.data[1], body.data[2], body.data[3], body.data[4] * n.count);
            }
            else
            {
                out.add(LOOP, at, n.count, n.stride, body.size);
                out.addAll(body);
                out.lastOp = -1;
            }
        }
    }

    private static void addStride(final LongList out, final long start, final long len, final long stride, final long reps)
    {
        if (reps == 1 || len == stride)
        {
            addCopy(out, start, len * reps);
            return;
        }
        final int last = out.lastOp;
        if (last >= 0 && out.data[last] == STRIDE && out.data[last + 2] == len && out.data[last + 3] == stride &&
            out.data[last + 1] + out.data[last + 4] * stride == start)
        {
            out.data[last + 4] += reps;
            return;
        }
        out.lastOp = out.size;
        out.add(STRIDE, start, len, stride, reps);
    }

    private static void addCopy(final LongList out, final long start, final long len)
    {
        if (len == 0)
        {
            return;
        }
        final int last = out.lastOp;
        if (last >= 0 && out.data[last] == COPY && out.data[last + 1] + out.data[last + 2] == start)
        {
            out.data[last + 2] += len;
            return;
        }
        if (last >= 0 && out.data[last] == STRIDE && out.data[last + 2] == len &&
            out.data[last + 1] + out.data[last + 4] * out.data[last + 3] == start)
        {
            out.data[last + 4]++;
            return;
        }
        if (last >= 0 && out.data[last] == COPY && out.data[last + 2] == len && start != out.data[last + 1])
        {
            final long first = out.data[last + 1];
            out.size = last;
            out.add(STRIDE, first, len, start - first, 2);
            return;
        }
        out.lastOp = out.size;
        out.add(COPY, start, len);
    }

    @Override
    public String toString()
    {
        return "CopyPlan{ops=" + ops() + ", size=" + size + ", extent=" + extent + (dense() ? ", dense" : "") + '}';
    }

    /** A growable long array with the position of the last op, for merging. */
    private static final class LongList
    {
        long[] data = new long[16];
        int size;
        int lastOp = -1;

        void add(final long... values)
        {
            if (size + values.length > data.length)
            {
                data = java.util.Arrays.copyOf(data, Math.max(data.length * 2, size + values.length));
            }
            System.arraycopy(values, 0, data, size, values.length);
            size += values.length;
        }

        void addAll(final LongList other)
        {
            add(java.util.Arrays.copyOf(other.data, other.size));
        }

        long[] toArray()
        {
            return java.util.Arrays.copyOf(data, size);
        }
    }
}
