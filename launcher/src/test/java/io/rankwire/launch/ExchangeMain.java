package io.rankwire.launch;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.rankwire.bootstrap.JobEnvironment;
import io.rankwire.spi.Bootstrap;

/** A rank that publishes its name, passes the start barrier, and prints what every rank published. */
final class ExchangeMain
{
    static final Duration WAIT = Duration.ofSeconds(60);

    private ExchangeMain()
    {
    }

    public static void main(final String[] args)
    {
        final JobEnvironment env = JobEnvironment.current().orElseThrow();
        final Bootstrap bootstrap = env.bootstrap();
        bootstrap.put("name", ("rank-" + env.rank()).getBytes(StandardCharsets.UTF_8));
        bootstrap.barrier(WAIT);
        final List<String> names = new ArrayList<>();
        for (int peer = 0; peer < env.size(); peer++)
        {
            names.add(new String(bootstrap.get(peer, "name", WAIT), StandardCharsets.UTF_8));
        }
        bootstrap.barrier(WAIT);
        System.out.println("rank " + env.rank() + " of " + env.size() + " sees " + names);
        System.err.println("rank " + env.rank() + " transport=" + env.transport() + " args=" + List.of(args));
        System.out.println("rank " + env.rank() + " RW_TEST_VAR=" + System.getenv("RW_TEST_VAR") +
            " settings=" + env.settings());
    }
}
