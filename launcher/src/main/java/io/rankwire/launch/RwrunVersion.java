package io.rankwire.launch;

import picocli.CommandLine.IVersionProvider;

/** {@code rwrun --version}: {@link Version#lines} for {@code rwrun}. */
final class RwrunVersion implements IVersionProvider
{
    @Override
    public String[] getVersion()
    {
        return Version.lines("rwrun");
    }
}
