/**
 * The launcher: {@code rwrun} ({@code java -m io.rankwire.launcher/io.rankwire.launch.Rwrun}),
 * local, ssh and Slurm launches, in-JVM jobs and process supervision. Its package is exported
 * only to the {@code mpirun} alias ({@code io.rankwire.mpi}) and opened to picocli, which sets
 * the command's option fields.
 *
 * @uses io.rankwire.spi.TransportProvider the transports a job can use
 */
@SuppressWarnings("module") // io.rankwire.mpi depends on this module, not the other way round
module io.rankwire.launcher
{
    requires io.rankwire;
    requires info.picocli;

    exports io.rankwire.launch to io.rankwire.mpi;
    opens io.rankwire.launch to info.picocli;

    uses io.rankwire.spi.TransportProvider;
}
