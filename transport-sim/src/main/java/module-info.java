/**
 * The {@code sim} transport: a simulated tag-matching NIC between ranks that are threads of one
 * JVM. Exports nothing; the runtime finds it through {@link java.util.ServiceLoader}.
 *
 * @provides io.rankwire.spi.TransportProvider {@code sim}
 */
module io.rankwire.transport.sim
{
    requires io.rankwire;

    provides io.rankwire.spi.TransportProvider with io.rankwire.sim.SimTransportProvider;
}
