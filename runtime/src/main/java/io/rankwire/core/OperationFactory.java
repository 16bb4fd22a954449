package io.rankwire.core;

/**
 * Makes the operations an {@link Engine} hands out. The API's request types are subclasses of
 * {@link Operation} and {@link PersistentOperation} that add nothing but their interface, so the
 * engine never names them: the API gives its engine this factory.
 */
public interface OperationFactory
{
    /** A new operation; pooled ones serve blocking calls (see {@link Engine#newOp}). */
    Operation operation(Engine engine, boolean pooled);

    /** A new, inactive persistent operation. */
    PersistentOperation persistent(Engine engine);
}
