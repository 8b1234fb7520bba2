package dev.keypath.examples.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every Java snippet of the READMEs compiles as shown, with its own imports, against the artifacts it names: each
 * becomes a method body of a class that extends its document's context, which supplies only the values and types the
 * text around it presumes ({@code userId}, {@code User}, …), and the JDK's compiler builds them on this module's test
 * classpath. A failure names the document and its line.
 */
class DocSnippetsTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    static Stream<Arguments> documents() {
        return Stream.of(
                Arguments.of("README.md", ReadmeContext.class),
                Arguments.of("spring/README.md", SpringReadmeContext.class),
                Arguments.of("keypath-test/README.md", KeyPathTestReadmeContext.class));
    }

    /** A unit's source for the compiler. */
    private static final class Source extends SimpleJavaFileObject {
        private final DocSnippets.Unit unit;

        Source(DocSnippets.Unit unit) {
            super(URI.create("string:///" + unit.snippet().className() + ".java"), Kind.SOURCE);
            this.unit = unit;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return unit.source();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("documents")
    void everyJavaSnippetCompilesAsShown(String document, Class<?> context, @TempDir Path out) throws IOException {
        String prefix = "Snippet_" + document.replaceAll("[^A-Za-z0-9]", "_") + "_";
        List<DocSnippets.Snippet> snippets = DocSnippets.of(ROOT.resolve(document), prefix);
        assertThat(snippets).as("Java snippets of %s", document).isNotEmpty();
        List<Source> sources = new ArrayList<>();
        for (DocSnippets.Snippet s : snippets) {
            sources.add(new Source(s.unit(DocSnippets.class.getPackageName(), context)));
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        boolean compiled = javac.getTask(null, null, diagnostics, List.of("-proc:none", "-parameters",
                "-classpath", classpath(), "-d", out.toString()), null, sources).call();

        List<String> errors = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR && d.getSource() instanceof Source s) {
                errors.add(document + ":" + s.unit.documentLine(d.getLineNumber()) + ": "
                        + d.getMessage(Locale.ROOT));
            }
        }
        assertThat(errors).as("compiler errors in the snippets of %s", document).isEmpty();
        assertThat(compiled).as("%s compiled; diagnostics: %s", document, diagnostics.getDiagnostics()).isTrue();
        try (Stream<Path> classes = Files.walk(out)) {
            assertThat(classes.filter(p -> p.toString().endsWith(".class"))).as("classes of %s", document)
                    .hasSizeGreaterThanOrEqualTo(snippets.size());
        }
    }

    /** The test classpath, as Surefire gives it (its own jar on java.class.path only points at it). */
    private static String classpath() {
        String surefire = System.getProperty("surefire.test.class.path");
        return surefire != null && !surefire.isBlank() ? surefire
                : System.getProperty("java.class.path").replace(':', File.pathSeparatorChar);
    }
}
