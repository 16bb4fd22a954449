package mpi;

import java.util.Arrays;

/**
 * Checks and computations of the topology constructors: Cartesian and graph arguments,
 * {@code MPI_DIMS_CREATE}, the placement queries, and the edge exchange that tells every process
 * its in- and out-edges in a distributed graph.
 */
final class Topologies
{
    private Topologies()
    {
    }

    /** Checks a grid's arguments; returns its number of processes. */
    static int checkCart(final int[] dims, final boolean[] periods, final int size)
    {
        if (Args.notNull(dims, "dims").length != Args.notNull(periods, "periods").length)
        {
            throw new MPIException(MPI.ERR_ARG, "periods.length : " + periods.length + " (expected: " + dims.length + ", as dims.length)");
        }
        long n = 1;
        for (int i = 0; i < dims.length; i++)
        {
            if (dims[i] <= 0)
            {
                throw new MPIException(MPI.ERR_DIMS, "dims[" + i + "] : " + dims[i] + " (expected: > 0)");
            }
            n *= dims[i];
            if (n > size)
            {
                throw new MPIException(MPI.ERR_DIMS, "dims : " + Arrays.toString(dims) + " (expected: at most " + size +
                    " processes, the size of the communicator)");
            }
        }
        return (int)n;
    }

    static int mapCart(final int rank, final int size, final int[] dims, final boolean[] periods)
    {
        return rank < checkCart(dims, periods, size) ? rank : MPI.UNDEFINED;
    }

    /** Checks a graph's arguments against a communicator of {@code size}. */
    static void checkGraph(final int[] index, final int[] edges, final int size)
    {
        final int nodes = Args.notNull(index, "index").length;
        Args.notNull(edges, "edges");
        if (nodes > size)
        {
            throw new MPIException(MPI.ERR_ARG, "index.length : " + nodes + " (expected: at most " + size + " nodes)");
        }
        int last = 0;
        for (int i = 0; i < nodes; i++)
        {
            if (index[i] < last || index[i] > edges.length)
            {
                throw new MPIException(MPI.ERR_ARG, "index[" + i + "] : " + index[i] + " (expected: " + last + ".." + edges.length +
                    ", cumulative degrees)");
            }
            last = index[i];
        }
        for (int e = 0; e < last; e++)
        {
            if (edges[e] < 0 || edges[e] >= nodes)
            {
                throw new MPIException(MPI.ERR_ARG, "edges[" + e + "] : " + edges[e] + " (expected: 0.." + (nodes - 1) + ")");
            }
        }
    }

    /** Fills the zeros of {@code dims} with a balanced factorisation, largest factors first. */
    static void createDims(final int nnodes, final int[] dims)
    {
        Args.notNull(dims, "dims");
        if (nnodes <= 0)
        {
            throw new MPIException(MPI.ERR_DIMS, "nnodes : " + nnodes + " (expected: > 0)");
        }
        int rest = nnodes;
        int free = 0;
        for (int i = 0; i < dims.length; i++)
        {
            if (dims[i] < 0 || dims[i] > 0 && rest % dims[i] != 0)
            {
                throw new MPIException(MPI.ERR_DIMS, "dims : " + Arrays.toString(dims) + " (expected: non-negative entries whose " +
                    "product divides " + nnodes + ")");
            }
            if (dims[i] > 0)
            {
                rest /= dims[i];
            }
            else
            {
                free++;
            }
        }
        if (free == 0)
        {
            if (rest != 1)
            {
                throw new MPIException(MPI.ERR_DIMS, "dims : " + Arrays.toString(dims) + " (expected: a product of " + nnodes + ")");
            }
            return;
        }
        final int[] factors = balanced(rest, free);
        for (int i = 0, k = 0; i < dims.length; i++)
        {
            if (dims[i] == 0)
            {
                dims[i] = factors[k++];
            }
        }
    }

    /** {@code n} as a product of {@code k} factors as close to each other as the greedy split of its prime factors gets, largest first. */
    private static int[] balanced(final int n, final int k)
    {
        final int[] f = new int[k];
        Arrays.fill(f, 1);
        final java.util.List<Integer> primes = new java.util.ArrayList<>();
        int m = n;
        for (int p = 2; (long)p * p <= m; p++)
        {
            while (m % p == 0)
            {
                primes.add(p);
                m /= p;
            }
        }
        if (m > 1)
        {
            primes.add(m);
        }
        primes.sort(java.util.Collections.reverseOrder());
        for (final int p : primes)
        {
            int smallest = 0;
            for (int i = 1; i < k; i++)
            {
                if (f[i] < f[smallest])
                {
                    smallest = i;
                }
            }
            f[smallest] *= p;
        }
        Arrays.sort(f);
        for (int i = 0; i < k / 2; i++)
        {
            final int t = f[i];
            f[i] = f[k - 1 - i];
            f[k - 1 - i] = t;
        }
        return f;
    }
}
