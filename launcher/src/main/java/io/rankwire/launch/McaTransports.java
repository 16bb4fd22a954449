package io.rankwire.launch;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Open MPI's transport choice, {@code --mca btl LIST} and {@code --mca pml NAME} (or
 * {@code OMPI_MCA_btl} and {@code OMPI_MCA_pml} in the environment, which the options override),
 * as one of Rankwire's transports:
 * <ul>
 *   <li>btl components: {@code self} is ignored (a rank always reaches itself); {@code vader},
 *       {@code sm} and {@code shm} are {@code shm}; {@code tcp} is {@code tcp}; {@code openib},
 *       {@code ucx} and {@code uct} are {@code ucx}. Both {@code shm} and {@code tcp} make
 *       {@code auto} (shared memory within a host, TCP across hosts). A list naming a transport
 *       that is not installed drops it with a warning when another remains, else is refused
 *       naming the transports found.</li>
 *   <li>{@code ^LIST} excludes: what remains of {@code shm}, {@code tcp} (and {@code ucx} when
 *       installed); nothing excluded among those (as {@code ^openib} without {@code ucx}) leaves
 *       the default choice ({@code --transport}, {@code $RANKWIRE_TRANSPORT}, else {@code auto}).</li>
 *   <li>pml {@code ucx} (or {@code yalla}) asks for {@code ucx}; {@code ob1} and exclusions
 *       ({@code ^ucx}) leave the choice to the btl list; other values are warned about.</li>
 * </ul>
 * Every other MCA parameter has no effect here: they are named together in one warning.
 */
final class McaTransports
{
    /** What {@code --mca} asked for. */
    record Choice(String transport, String source, List<String> warnings)
    {
    }

    static final String ENV_PREFIX = "OMPI_MCA_";
    private static final String SHM = "shm";
    private static final String TCP = "tcp";
    private static final String UCX = "ucx";
    private static final String AUTO = "auto";

    private McaTransports()
    {
    }

    /**
     * @param mca         {@code --mca} names and values, in pairs
     * @param environment the launcher's environment ({@code OMPI_MCA_btl}, {@code OMPI_MCA_pml})
     * @param available   the transports found on the class path
     * @return the transport asked for, null when the parameters leave the default choice; and the warnings to print
     * @throws IllegalArgumentException naming the parameter, its value and what is available
     */
    static Choice choose(final List<String> mca, final Map<String, String> environment, final Set<String> available)
    {
        String btl = environment.get(ENV_PREFIX + "btl");
        String btlSource = ENV_PREFIX + "btl=";
        String pml = environment.get(ENV_PREFIX + "pml");
        String pmlSource = ENV_PREFIX + "pml=";
        final List<String> ignored = new ArrayList<>();
        for (int i = 0; i + 1 < mca.size(); i += 2)
        {
            final String name = mca.get(i);
            final String value = mca.get(i + 1);
            if (name.equals("btl"))
            {
                btl = value;
                btlSource = "--mca btl ";
            }
            else if (name.equals("pml"))
            {
                pml = value;
                pmlSource = "--mca pml ";
            }
            else
            {
                ignored.add(name + " " + value);
            }
        }
        final List<String> warnings = new ArrayList<>();
        if (!ignored.isEmpty())
        {
            warnings.add("--mca " + String.join(", --mca ", ignored) + ": no effect (Open MPI's MCA parameters other " +
                "than btl and pml do not apply; Rankwire's settings are -x rankwire.KEY=VALUE)");
        }
        if (pml != null && !pml.isBlank() && !pml.startsWith("^"))
        {
            final String p = pml.trim().toLowerCase(Locale.ROOT);
            if (p.equals("ucx") || p.equals("yalla"))
            {
                return new Choice(installed(UCX, pmlSource + pml, available), pmlSource + pml, warnings);
            }
            if (!p.equals("ob1"))
            {
                warnings.add(pmlSource + pml + ": no effect (Rankwire's transports are chosen by --mca btl: " +
                    "vader/sm/shm, tcp)");
            }
        }
        if (btl == null || btl.isBlank())
        {
            return new Choice(null, null, warnings);
        }
        final String source = btlSource + btl;
        final String transport = btl.trim().startsWith("^") ?
            excluding(components(btl.trim().substring(1), source, warnings), source, available) :
            including(components(btl, source, warnings), source, available, warnings);
        return new Choice(transport, transport == null ? null : source, warnings);
    }

    /** The transports a btl list names, in order; {@code self} and unknown components (warned about) left out. */
    private static Set<String> components(final String list, final String source, final List<String> warnings)
    {
        final Set<String> transports = new LinkedHashSet<>();
        for (final String word : list.split(","))
        {
            final String c = word.trim().toLowerCase(Locale.ROOT);
            switch (c)
            {
                case "self", "" -> { }
                case "vader", "sm", SHM -> transports.add(SHM);
                case TCP -> transports.add(TCP);
                case "openib", UCX, "uct" -> transports.add(UCX);
                default -> warnings.add(source + ": unknown btl component '" + c + "' ignored (expected: self, vader, " +
                    "sm, shm, tcp, openib, ucx)");
            }
        }
        return transports;
    }

    private static String including(
        final Set<String> wanted, final String source, final Set<String> available, final List<String> warnings)
    {
        final Set<String> usable = new LinkedHashSet<>();
        for (final String t : wanted)
        {
            if (available.contains(t))
            {
                usable.add(t);
            }
            else if (wanted.size() > 1)
            {
                warnings.add(source + ": no " + t + " transport is installed; using " +
                    String.join(" and ", wanted.stream().filter(available::contains).toList()));
            }
        }
        if (usable.isEmpty())
        {
            if (wanted.isEmpty())
            {
                throw new IllegalArgumentException("invalid value for " + source + " (expected: a transport between " +
                    "ranks besides self: vader, sm, shm or tcp)");
            }
            return installed(wanted.iterator().next(), source, available);
        }
        return usable.size() == 1 ? usable.iterator().next() : installed(AUTO, source, available);
    }

    private static String excluding(final Set<String> excluded, final String source, final Set<String> available)
    {
        final boolean noShm = excluded.contains(SHM);
        final boolean noTcp = excluded.contains(TCP);
        if (noShm && noTcp)
        {
            if (available.contains(UCX) && !excluded.contains(UCX))
            {
                return UCX;
            }
            throw new IllegalArgumentException("invalid value for " + source + ": it excludes every transport " +
                "(expected: to leave one of vader/sm/shm, tcp; found on the class path: " + String.join(", ", available) + ")");
        }
        if (noShm)
        {
            return installed(TCP, source, available);
        }
        return noTcp ? installed(SHM, source, available) : null;
    }

    private static String installed(final String transport, final String source, final Set<String> available)
    {
        if (!available.contains(transport))
        {
            throw new IllegalArgumentException("invalid value for " + source + ": no " + transport + " transport is " +
                "installed (expected: one of the transports found on the class path: " + String.join(", ", available) +
                "; with --mca btl: vader/sm/shm, tcp)");
        }
        return transport;
    }
}
