package io.rankwire.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.TreeSet;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * The rule every transport module keeps: of the runtime it uses only the SPI
 * ({@code io.rankwire.spi}), the settings descriptors ({@code io.rankwire.settings}) and the wire
 * headers of {@code io.rankwire.proto} ({@code TmHeader}, {@code RvHeader}), never the API package,
 * the engine, the protocols, matching or collectives.
 * A transport subclasses a test that calls {@link #check(String)} with its package.
 */
public final class TransportLayering
{
    private static final Set<String> WIRE_HEADERS = Set.of("io.rankwire.proto.TmHeader", "io.rankwire.proto.RvHeader");

    private TransportLayering()
    {
    }

    /** Fails naming every class of {@code transportPackage} (main sources) that reaches further into the runtime. */
    public static void check(final String transportPackage)
    {
        final JavaClasses classes = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(transportPackage);
        assertTrue(classes.size() > 0, "no main classes found in " + transportPackage);
        final Set<String> violations = new TreeSet<>();
        for (final JavaClass c : classes)
        {
            if (!c.getPackageName().startsWith(transportPackage))
            {
                continue;
            }
            for (final Dependency d : c.getDirectDependenciesFromSelf())
            {
                final JavaClass target = d.getTargetClass();
                if (forbidden(target, transportPackage))
                {
                    violations.add(c.getName() + " -> " + target.getName());
                }
            }
        }
        assertEquals(Set.of(), violations, transportPackage + " may use only io.rankwire.spi, io.rankwire.settings and the wire headers " + WIRE_HEADERS);
    }

    private static boolean forbidden(final JavaClass target, final String transportPackage)
    {
        final String pkg = target.getPackageName();
        if (!pkg.startsWith("io.rankwire") || pkg.startsWith(transportPackage) || pkg.equals("io.rankwire.spi") ||
            pkg.equals("io.rankwire.settings"))
        {
            return false;
        }
        final String name = target.getName();
        final int nested = name.indexOf('$');
        return !WIRE_HEADERS.contains(nested < 0 ? name : name.substring(0, nested));
    }
}
