/** An application on the module path that uses Rankwire only through what its modules export. */
module rankwire.app
{
    requires io.rankwire;
    requires java.management;
    requires jdk.jfr;
}
