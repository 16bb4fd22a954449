/**
 * Rankwire's runtime: the public API ({@code io.rankwire}), the buffer descriptor the API's calls
 * take ({@code io.rankwire.buffer}), the transport SPI ({@code io.rankwire.spi}) and the settings
 * descriptors every module declares its settings with ({@code io.rankwire.settings}). Everything
 * else is internal: the wire headers are exported only to the transports that build frames
 * from them, the rank side of the bootstrap only to the launcher.
 *
 * <p>Agrona, which the API's buffer overloads name, is required transitively. Agrona reaches
 * {@code jdk.internal.misc}: on the module path every JVM needs
 * {@code --add-exports java.base/jdk.internal.misc=org.agrona}.
 *
 * @uses io.rankwire.spi.TransportProvider the transports a rank can open, chosen by name
 * @provides io.rankwire.spi.TransportProvider {@code auto}: shared memory within a host, TCP
 *           across hosts, each through its own provider
 */
// "module": qualified exports name modules that depend on this one, not the other way round;
// "requires-automatic", "requires-transitive-automatic": Agrona's jar names its module only in
// its manifest
@SuppressWarnings({"module", "requires-automatic", "requires-transitive-automatic"})
module io.rankwire
{
    requires transitive org.agrona;
    requires java.logging;
    requires java.management;
    requires jdk.jfr;

    exports io.rankwire;
    exports io.rankwire.buffer;
    exports io.rankwire.spi;
    exports io.rankwire.settings;

    exports io.rankwire.proto to io.rankwire.transport.sim, io.rankwire.transport.shm;
    exports io.rankwire.bootstrap to io.rankwire.launcher;

    uses io.rankwire.spi.TransportProvider;

    provides io.rankwire.spi.TransportProvider with io.rankwire.multi.AutoTransportProvider;
}
