/**
 * Several transports behind one engine, one per peer: the {@code auto} transport's selection
 * step (host identities through the bootstrap; shared memory within a host, TCP across hosts)
 * and the composite endpoint that routes each peer's work to its transport, drains them all and
 * waits in them. A leaf: imports only {@code spi}; found through {@code ServiceLoader} like any
 * transport, so nothing above it names it.
 */
package io.rankwire.multi;
