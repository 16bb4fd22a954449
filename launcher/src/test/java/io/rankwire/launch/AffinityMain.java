package io.rankwire.launch;

import java.nio.file.Path;
import java.util.Arrays;

/** A rank process that prints the CPUs it may run on ({@code cpus=[0]}). */
final class AffinityMain
{
    private AffinityMain()
    {
    }

    public static void main(final String[] args)
    {
        System.out.println("cpus=" + Arrays.toString(CpuBinding.allowedCpus(Path.of("/proc/self/status"))));
    }
}
