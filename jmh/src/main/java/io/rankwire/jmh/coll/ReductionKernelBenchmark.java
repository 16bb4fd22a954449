package io.rankwire.jmh.coll;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import io.rankwire.Op;

/**
 * One built-in reduction ({@code Op.apply}, the kernel a collective runs between rounds) over
 * {@code elements} elements of {@code type}: nanoseconds per call. Inputs are +1/-1 and small
 * values, so sums stay small and products never reach subnormals. The bitwise ops reject
 * {@code float} and {@code double} (those pairs fail in setup).
 *
 * <pre>
 *   bin/bench ReductionKernelBenchmark
 *   bin/bench ReductionKernelBenchmark -p op=BAND,BOR,BXOR -p type=byte,short,char,int,long
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ReductionKernelBenchmark
{
    @Param({"SUM", "PROD", "MIN", "MAX", "LAND", "MAXLOC"})
    public String op;

    @Param({"byte", "short", "char", "int", "long", "float", "double"})
    public String type;

    @Param({"64", "65536"})
    public int elements;

    private Op reduction;
    private Object in;
    private Object io;

    @Setup
    public void setUp()
    {
        reduction = op(op);
        in = array(type, elements, 0);
        io = array(type, elements, 1);
        reduction.apply(in, 0, io, 0, elements);
    }

    @Benchmark
    public Object apply()
    {
        reduction.apply(in, 0, io, 0, elements);
        return io;
    }

    private static Op op(final String name)
    {
        switch (name)
        {
            case "SUM":
                return Op.SUM;
            case "PROD":
                return Op.PROD;
            case "MIN":
                return Op.MIN;
            case "MAX":
                return Op.MAX;
            case "LAND":
                return Op.LAND;
            case "LOR":
                return Op.LOR;
            case "LXOR":
                return Op.LXOR;
            case "BAND":
                return Op.BAND;
            case "BOR":
                return Op.BOR;
            case "BXOR":
                return Op.BXOR;
            case "MINLOC":
                return Op.MINLOC;
            case "MAXLOC":
                return Op.MAXLOC;
            default:
                throw new IllegalArgumentException("op : " + name + " (expected: a built-in Op's name)");
        }
    }

    /** {@code n} elements alternating +1 and -1 ({@code shift} 0) or 1, 0, 2, ... ({@code shift} 1). */
    private static Object array(final String type, final int n, final int shift)
    {
        final long[] v = new long[n];
        for (int i = 0; i < n; i++)
        {
            v[i] = shift == 0 ? ((i & 1) == 0 ? 1 : -1) : (i + shift) % 3;
        }
        switch (type)
        {
            case "byte":
            {
                final byte[] a = new byte[n];
                for (int i = 0; i < n; i++)
                {
                    a[i] = (byte)v[i];
                }
                return a;
            }
            case "short":
            {
                final short[] a = new short[n];
                for (int i = 0; i < n; i++)
                {
                    a[i] = (short)v[i];
                }
                return a;
            }
            case "char":
            {
                final char[] a = new char[n];
                for (int i = 0; i < n; i++)
                {
                    a[i] = (char)Math.abs(v[i]);
                }
                return a;
            }
            case "int":
            {
                final int[] a = new int[n];
                for (int i = 0; i < n; i++)
                {
                    a[i] = (int)v[i];
                }
                return a;
            }
            case "long":
                return v;
            case "float":
            {
                final float[] a = new float[n];
                for (int i = 0; i < n; i++)
                {
                    a[i] = v[i];
                }
                return a;
            }
            case "double":
            {
                final double[] a = new double[n];
                for (int i = 0; i < n; i++)
                {
                    a[i] = v[i];
                }
                return a;
            }
            default:
                throw new IllegalArgumentException("type : " + type + " (expected: byte, short, char, int, long, float or double)");
        }
    }
}
