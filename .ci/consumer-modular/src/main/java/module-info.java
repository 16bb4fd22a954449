/** An application on the module path that uses Rankwire through the mpi bindings. */
module org.example.modular
{
    requires io.rankwire.mpi;
}
