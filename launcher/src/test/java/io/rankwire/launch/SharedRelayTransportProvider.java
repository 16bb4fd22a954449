package io.rankwire.launch;

/**
 * {@code shared-relay}: like {@link RelayTransportProvider} over {@code sim}, and says its ranks
 * share one JVM. Registered by no {@code META-INF/services} file of the build: a test writes
 * one into a directory it gives {@code rwrun} with {@code -cp}.
 */
public final class SharedRelayTransportProvider extends RelayTransportProvider
{
    @Override
    public String name()
    {
        return "shared-relay";
    }

    @Override
    String delegate()
    {
        return "sim";
    }

    @Override
    public boolean ranksShareOneJvm()
    {
        return true;
    }
}
