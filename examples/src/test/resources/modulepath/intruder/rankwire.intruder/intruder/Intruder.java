package intruder;

/** Names the engine, which the runtime's module keeps to itself. */
public final class Intruder
{
    public static final Class<?> ENGINE = io.rankwire.core.Engine.class;

    private Intruder()
    {
    }
}
