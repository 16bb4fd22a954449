/* Native Open MPI ping-pong for scale: one-way latency (p50 of round trip / 2) and
 * bandwidth (window of 64 nonblocking sends) by message size. Usage: pingpong [iters] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    int rank, iters = argc > 1 ? atoi(argv[1]) : 2000;
    const int sizes[] = {8, 1024, 65536, 1 << 20, 4 << 20};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char *buf = malloc(4 << 20);
    memset(buf, 1, 4 << 20);
    double *t = malloc(sizeof(double) * iters);
    if (rank == 0) printf("%10s %14s %14s\n", "size(B)", "p50 one-way(us)", "bw window64(MB/s)");
    for (unsigned s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++)
    {
        int n = sizes[s] >= 65536 ? iters / 10 : iters;
        for (int i = 0; i < n; i++)
        {
            double t0 = MPI_Wtime();
            if (rank == 0)
            {
                MPI_Send(buf, sizes[s], MPI_BYTE, 1, 1, MPI_COMM_WORLD);
                MPI_Recv(buf, sizes[s], MPI_BYTE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            }
            else
            {
                MPI_Recv(buf, sizes[s], MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(buf, sizes[s], MPI_BYTE, 0, 1, MPI_COMM_WORLD);
            }
            t[i] = (MPI_Wtime() - t0) * 1e6 / 2;
        }
        qsort(t, n, sizeof(double), cmp);
        MPI_Request req[64];
        int rounds = sizes[s] >= (1 << 20) ? 4 : 20;
        MPI_Barrier(MPI_COMM_WORLD);
        double b0 = MPI_Wtime();
        for (int r = 0; r < rounds; r++)
        {
            for (int w = 0; w < 64; w++)
            {
                if (rank == 0) MPI_Isend(buf, sizes[s], MPI_BYTE, 1, 2, MPI_COMM_WORLD, &req[w]);
                else MPI_Irecv(buf, sizes[s], MPI_BYTE, 0, 2, MPI_COMM_WORLD, &req[w]);
            }
            MPI_Waitall(64, req, MPI_STATUSES_IGNORE);
        }
        if (rank == 1) MPI_Send(buf, 1, MPI_BYTE, 0, 3, MPI_COMM_WORLD);
        else MPI_Recv(buf, 1, MPI_BYTE, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        double bw = (double)sizes[s] * 64 * rounds / (MPI_Wtime() - b0) / 1e6;
        if (rank == 0) printf("%10d %14.2f %14.1f\n", sizes[s], t[n / 2], bw);
    }
    free(t);
    free(buf);
    MPI_Finalize();
    return 0;
}
