package io.rankwire.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The number of hosts a job spans reaches every rank as setting {@value Placement#HOSTS_SETTING}
 * (the collectives pick their multi-host defaults by it).
 */
@Timeout(60)
class JobHostsTest
{
    @TempDir
    Path dir;

    @Test
    void shouldCountOneHostForALocalJob()
    {
        assertEquals(1, Placement.local().hostsSpanned(4));
    }

    @Test
    void shouldCountTheDistinctAddressesOfSshHosts()
    {
        final Placement p = Placement.ssh(List.of("127.0.0.2", "127.0.0.2", "127.0.0.3", "no-such-host.invalid"),
            List.of("ssh"), Map.of(), false);
        assertEquals(3, p.hostsSpanned(4));
    }

    @Test
    void shouldCountTheAllocationsNodesButNoMoreThanTheRanksUnderSlurm()
    {
        assertEquals(4, Placement.slurm(8, 4).hostsSpanned(16));
        assertEquals(2, Placement.slurm(8, 4).hostsSpanned(2));
        assertEquals(1, Placement.slurm(2, 1).hostsSpanned(2));
    }

    private String fakeSsh() throws IOException
    {
        final Path script = dir.resolve("fake-ssh");
        Files.writeString(script, "while [ $# -gt 1 ]; do shift; done\nexec sh -c \"$1\"\n");
        return "sh " + script;
    }

    @Test
    void shouldTellEveryRankOfASshJobHowManyHostsItSpans() throws Exception
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-np", "3", "-H", "127.0.0.2:2,127.0.0.3",
            "--ssh", fakeSsh(), SettingMain.class.getName(), Placement.HOSTS_SETTING);
        assertEquals(0, r.code, r::toString);
        for (int rank = 0; rank < 3; rank++)
        {
            assertTrue(r.outLines().contains("[" + rank + "] rank " + rank + " rankwire.job.hosts=2"), r::toString);
        }
    }

    @Test
    void shouldTellTheRanksOfALocalJobTheyShareOneHost() throws Exception
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-np", "2", SettingMain.class.getName(),
            Placement.HOSTS_SETTING);
        assertEquals(0, r.code, r::toString);
        assertTrue(r.outLines().containsAll(List.of("[0] rank 0 rankwire.job.hosts=1", "[1] rank 1 rankwire.job.hosts=1")),
            r::toString);
    }

    @Test
    void shouldLetTheUserSayOtherwise() throws Exception
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-np", "2", "-H", "127.0.0.2,127.0.0.3", "--ssh", fakeSsh(),
            "-x", "rankwire.job.hosts=1", SettingMain.class.getName(), Placement.HOSTS_SETTING);
        assertEquals(0, r.code, r::toString);
        assertTrue(r.outLines().containsAll(List.of("[0] rank 0 rankwire.job.hosts=1", "[1] rank 1 rankwire.job.hosts=1")),
            r::toString);
    }
}
