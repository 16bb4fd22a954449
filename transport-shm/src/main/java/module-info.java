/**
 * The {@code shm} transport: mapped rings between the JVMs of one host. Exports nothing; the
 * runtime finds it through {@link java.util.ServiceLoader}.
 *
 * @provides io.rankwire.spi.TransportProvider {@code shm}
 */
module io.rankwire.transport.shm
{
    requires io.rankwire;

    provides io.rankwire.spi.TransportProvider with io.rankwire.shm.ShmTransportProvider;
}
