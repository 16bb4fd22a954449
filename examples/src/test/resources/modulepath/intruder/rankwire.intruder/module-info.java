/** A module that tries to use a package the runtime does not export: must not compile. */
module rankwire.intruder
{
    requires io.rankwire;
}
