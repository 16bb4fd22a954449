package io.rankwire.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Open MPI's command line as its users type it, through the launcher run as {@code mpirun}: one-dash
 * long options, {@code --mca btl}/{@code pml} as the transport, {@code -N}, {@code --map-by
 * ppr:N:node}, {@code -q}, {@code --report-bindings}, {@code -wdir}, {@code --output-filename},
 * {@code MPIEXEC_TIMEOUT}, messages under the name typed with a suggestion for a mistyped option,
 * and Open MPI's variables in each rank. Real jobs of rank JVMs.
 */
@Timeout(120)
class OpenMpiCommandLineTest
{
    private static final String PLACE = RankPlaceMain.class.getName();

    @TempDir
    Path dir;

    private static Map<String, String> env(final String... pairs)
    {
        final Map<String, String> env = new TreeMap<>(System.getenv());
        env.keySet().removeIf(k -> k.startsWith("OMPI_") || k.equals("MPIEXEC_TIMEOUT") || k.startsWith("RANKWIRE_"));
        for (int i = 0; i < pairs.length; i += 2)
        {
            env.put(pairs[i], pairs[i + 1]);
        }
        return env;
    }

    private static List<String> warnings(final LaunchFixture.Result r)
    {
        return r.err.lines().filter(l -> l.startsWith("mpirun: warning: ")).toList();
    }

    @Test
    void oneDashOptionsAndAnExclusionShouldRunTheDefaultTransportWithOneWarningForTheOtherParameters()
    {
        final LaunchFixture.Result r = LaunchFixture.mpirun(env(), "-mca", "btl", "^openib", "-np", "2",
            "-mca", "btl_tcp_if_include", "lo", "-mca", "mpi_yield_when_idle", "1", "-stats", PLACE);
        assertEquals(0, r.code, r::toString);
        assertTrue(r.err.lines().anyMatch(l -> l.equals("mpirun: counters per rank at close")), r::toString);
        assertFalse(r.err.contains("rwrun"), r::toString);
        assertTrue(r.out.contains("[0] rank 0 ompi 0/2 local 0/2 node 0 rankwire 0/2 over auto in "), r::toString);
        assertTrue(r.out.contains("[1] rank 1 ompi 1/2 local 1/2 node 1 rankwire 1/2 over auto in "), r::toString);
        assertEquals(List.of("mpirun: warning: --mca btl_tcp_if_include lo, --mca mpi_yield_when_idle 1: no effect " +
            "(Open MPI's MCA parameters other than btl and pml do not apply; Rankwire's settings are " +
            "-x rankwire.KEY=VALUE)"), warnings(r), r::toString);
    }

    @Test
    void btlListsShouldChooseTheTransportAndWdirTheRanksDirectory() throws IOException
    {
        final Path work = Files.createDirectories(dir.resolve("work"));
        final LaunchFixture.Result tcp = LaunchFixture.mpirun(env(), "-np", "2", "-mca", "btl", "self,tcp",
            "-wdir", work.toString(), PLACE);
        assertEquals(0, tcp.code, tcp::toString);
        assertTrue(tcp.out.contains("[1] rank 1 ompi 1/2 local 1/2 node 1 rankwire 1/2 over tcp in " + work.toRealPath()),
            tcp::toString);
        assertEquals(List.of(), warnings(tcp), tcp::toString);
        // the option wins over Open MPI's variable, which wins over the default
        final LaunchFixture.Result shm = LaunchFixture.mpirun(env("OMPI_MCA_btl", "tcp,self"), "-np", "2",
            "--mca", "btl", "vader,self", PLACE);
        assertEquals(0, shm.code, shm::toString);
        assertTrue(shm.out.contains("[0] rank 0 ompi 0/2 local 0/2 node 0 rankwire 0/2 over shm"), shm::toString);
        final LaunchFixture.Result fromEnv = LaunchFixture.mpirun(env("OMPI_MCA_btl", "^vader"), "-np", "2", PLACE);
        assertEquals(0, fromEnv.code, fromEnv::toString);
        assertTrue(fromEnv.out.contains("[0] rank 0 ompi 0/2 local 0/2 node 0 rankwire 0/2 over tcp"), fromEnv::toString);
    }

    @Test
    void transportsThatAreNotInstalledShouldBeRefusedNamingWhatIs()
    {
        final LaunchFixture.Result openib = LaunchFixture.mpirun(env(), "-np", "2", "-mca", "btl", "openib,self", PLACE);
        assertEquals(Rwrun.USAGE_EXIT, openib.code, openib::toString);
        assertTrue(openib.err.startsWith("mpirun: invalid value for --mca btl openib,self: no ucx transport is " +
            "installed (expected: one of the transports found on the class path: auto, relay, shm, sim, tcp"),
            openib::toString);
        final LaunchFixture.Result ucx = LaunchFixture.mpirun(env(), "-np", "2", "--mca", "pml", "ucx", PLACE);
        assertEquals(Rwrun.USAGE_EXIT, ucx.code, ucx::toString);
        assertTrue(ucx.err.startsWith("mpirun: invalid value for --mca pml ucx: no ucx transport"), ucx::toString);
        final LaunchFixture.Result none = LaunchFixture.mpirun(env(), "-np", "2", "--mca", "btl", "^vader,tcp", PLACE);
        assertEquals(Rwrun.USAGE_EXIT, none.code, none::toString);
        assertTrue(none.err.contains("it excludes every transport"), none::toString);
    }

    @Test
    void mistypedOptionsShouldBeNamedUnderTheCommandTypedWithTheClosestOption()
    {
        final LaunchFixture.Result oneDash = LaunchFixture.mpirun(env(), "-npp", "2", PLACE);
        assertEquals(Rwrun.USAGE_EXIT, oneDash.code, oneDash::toString);
        assertEquals("mpirun: Unknown option: '-npp' (did you mean -np?)\nTry 'mpirun --help' for more information.\n",
            oneDash.err);
        final LaunchFixture.Result twoDashes = LaunchFixture.mpirun(env(), "-np", "2", "--repot-bindings", PLACE);
        assertTrue(twoDashes.err.startsWith("mpirun: Unknown option: '--repot-bindings' (did you mean " +
            "--report-bindings?)"), twoDashes::toString);
        final LaunchFixture.Result far = LaunchFixture.mpirun(env(), "-np", "2", "--frobnicate", PLACE);
        assertTrue(far.err.startsWith("mpirun: Unknown option: '--frobnicate'\n"), far::toString);
        final LaunchFixture.Result missing = LaunchFixture.mpirun(env(), PLACE);
        assertTrue(missing.err.startsWith("mpirun: Missing required option: '--np=N' (or -N N, ranks per host)"),
            missing::toString);
    }

    @Test
    void perNodeQuietAndReportBindingsShouldRunNRanksAndPrintOneLinePerRank()
    {
        final LaunchFixture.Result r = LaunchFixture.mpirun(env(), "-N", "2", "-q", "--map-by", "slot",
            "--report-bindings", "-mca", "btl_openib_warn_no_device_params_found", "0", PLACE);
        assertEquals(0, r.code, r::toString);
        assertTrue(r.out.contains("[1] rank 1 ompi 1/2 "), r::toString);
        assertEquals(List.of(), warnings(r), r::toString);
        final List<String> bindings = r.err.lines().filter(l -> l.contains("] MCW rank ")).toList();
        assertEquals(2, bindings.size(), r::toString);
        assertTrue(bindings.get(0).matches("\\[.+:\\d+] MCW rank 0 is not bound \\(or bound to all available processors\\)"),
            r::toString);
        final LaunchFixture.Result ppr = LaunchFixture.mpirun(env(), "--map-by", "ppr:3:node", "--bind-to", "none", PLACE);
        assertEquals(0, ppr.code, ppr::toString);
        assertTrue(ppr.out.contains("[2] rank 2 ompi 2/3 local 2/3 node 2 rankwire 2/3"), ppr::toString);
        final LaunchFixture.Result tooMany = LaunchFixture.mpirun(env(), "-np", "3", "-N", "2", PLACE);
        assertEquals(Rwrun.USAGE_EXIT, tooMany.code, tooMany::toString);
        assertTrue(tooMany.err.contains("invalid value for -np: '3' (expected: at most 2, -N 2 ranks on this one host"),
            tooMany::toString);
    }

    @Test
    void outputFilenameShouldWriteEachRanksOutputUnderOpenMpisLayout() throws IOException
    {
        final Path out = dir.resolve("out");
        final LaunchFixture.Result r = LaunchFixture.mpirun(env(), "-np", "2", "-output-filename", out.toString(), PLACE);
        assertEquals(0, r.code, r::toString);
        assertTrue(r.out.contains("[1] rank 1 ompi 1/2"), r::toString);
        final String stdout = Files.readString(out.resolve("1/rank.1/stdout"));
        assertTrue(stdout.startsWith("rank 1 ompi 1/2 "), stdout);
        assertEquals("rank 0 says so on stderr\n", Files.readString(out.resolve("1/rank.0/stderr")));
        final Path only = dir.resolve("only");
        final LaunchFixture.Result nocopy = LaunchFixture.mpirun(env(), "-np", "2", "--output-filename",
            only + ":nocopy,nojobid", PLACE);
        assertEquals(0, nocopy.code, nocopy::toString);
        assertFalse(nocopy.out.contains("rank 0 ompi"), nocopy::toString);
        assertTrue(Files.readString(only.resolve("rank.0/stdout")).startsWith("rank 0 ompi 0/2 "));
    }

    @Test
    void settingsListingAndAnInJvmJobShouldSpeakAsMpirun()
    {
        final LaunchFixture.Result listing = LaunchFixture.mpirun(env(), "--settings", "-mca", "btl", "self,tcp");
        assertEquals(0, listing.code, listing::toString);
        assertTrue(listing.out.lines().anyMatch(l -> l.equals("  rankwire.transport = tcp  [--mca btl self,tcp]")),
            listing::toString);
        final LaunchFixture.Result sim = LaunchFixture.mpirun(env(), "-np", "3", "--transport", "sim",
            FailingMain.class.getName());
        assertEquals(1, sim.code, sim::toString);
        assertTrue(sim.err.contains("mpirun: rank 2 failed: uncaught java.lang.IllegalStateException: rank 2 gives up"),
            sim::toString);
        assertFalse(sim.err.contains("rwrun:"), sim::toString);
    }

    @Test
    void mpiexecTimeoutShouldKillTheJobWithAMessage()
    {
        final LaunchFixture.Result r = LaunchFixture.mpirun(env("MPIEXEC_TIMEOUT", "2"), "-np", "2",
            HangingMain.class.getName());
        assertEquals(JobSupervisor.TIMEOUT_EXIT, r.code, r::toString);
        assertTrue(r.err.contains("mpirun: job timed out after 2s (MPIEXEC_TIMEOUT=2); killing rank 0, rank 1"),
            r::toString);
        assertEquals(List.of(), LaunchFixture.liveDescendants());
        final LaunchFixture.Result bad = LaunchFixture.mpirun(env("MPIEXEC_TIMEOUT", "soon"), "-np", "2", PLACE);
        assertEquals(Rwrun.USAGE_EXIT, bad.code, bad::toString);
        assertTrue(bad.err.startsWith("mpirun: invalid value for MPIEXEC_TIMEOUT: 'soon' (expected: a whole number " +
            "of seconds, 0 for none)"), bad::toString);
    }
}
