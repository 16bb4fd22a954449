package io.rankwire;

import io.rankwire.core.Engine;
import io.rankwire.core.Operation;
import io.rankwire.core.OperationFactory;
import io.rankwire.core.PersistentOperation;

/**
 * The request types the API hands out: the engine's operations with the API's interfaces. They
 * add nothing but the interface, so a request stays one object; the engine makes them through
 * {@link #FACTORY}.
 */
final class Requests
{
    /** Makes {@link PointRequest}s and {@link PersistentPointRequest}s. */
    static final OperationFactory FACTORY = new OperationFactory()
    {
        @Override
        public Operation operation(final Engine engine, final boolean pooled)
        {
            return new PointRequest(engine, pooled);
        }

        @Override
        public PersistentOperation persistent(final Engine engine)
        {
            return new PersistentPointRequest(engine);
        }
    };

    private Requests()
    {
    }

    /** A point-to-point request. */
    static final class PointRequest extends Operation implements Request
    {
        PointRequest(final Engine engine, final boolean pooled)
        {
            super(engine, pooled);
        }
    }

    /** A persistent point-to-point request. */
    static final class PersistentPointRequest extends PersistentOperation implements PersistentRequest
    {
        PersistentPointRequest(final Engine engine)
        {
            super(engine);
        }
    }
}
