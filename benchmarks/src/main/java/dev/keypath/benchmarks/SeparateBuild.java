package dev.keypath.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * A class loader that runs the benchmarks' own classes against another build of keypath in the same JVM: classes
 * of {@code dev.keypath.benchmarks} are defined anew from this benchmark's class files, every other
 * {@code dev.keypath} class comes only from the other build's {@code keypath} and {@code keypath-dynamo-adapter}
 * jars, and everything else (the AWS SDK, Jackson, the JDK) from the application class loader, so both builds run
 * the same SDK classes. For {@code "this"} it loads this build again, in a loader of its own, which shows what the
 * loader itself changes in a measurement.
 */
final class SeparateBuild extends ClassLoader {
    private static final String KEYPATH = "dev.keypath.";
    private static final String BENCHMARKS = "dev.keypath.benchmarks.";

    private final ClassLoader application;
    private final URLClassLoader build;

    private SeparateBuild(ClassLoader application, URLClassLoader build) {
        super("keypath-build", application);
        this.application = application;
        this.build = build;
    }

    /**
     * A loader of the build checked out and packaged in the directory {@code checkout} (its
     * {@code keypath/target} and {@code dynamo-adapter/target} jars), or of this build again when {@code checkout}
     * is {@code "this"}.
     *
     * @throws IllegalArgumentException if the directory holds no packaged build
     */
    static SeparateBuild of(String checkout) {
        ClassLoader application = SeparateBuild.class.getClassLoader();
        if (checkout.equals("this")) {
            return new SeparateBuild(application, null);
        }
        Path root = Path.of(checkout);
        URL[] jars = {jar(root, "keypath", "keypath-"), jar(root, "dynamo-adapter", "keypath-dynamo-adapter-")};
        return new SeparateBuild(application, new URLClassLoader(jars, null));
    }

    private static URL jar(Path root, String module, String prefix) {
        Path target = root.resolve(module).resolve("target");
        try (Stream<Path> files = Files.list(target)) {
            Path jar = files.filter(f -> {
                String name = f.getFileName().toString();
                return name.startsWith(prefix) && name.endsWith(".jar") && !name.endsWith("-sources.jar")
                        && !name.endsWith("-javadoc.jar") && !name.endsWith("-tests.jar")
                        && Character.isDigit(name.charAt(prefix.length()));
            }).findFirst().orElseThrow(() -> new IllegalArgumentException("No " + prefix + "*.jar in " + target));
            return jar.toUri().toURL();
        } catch (IOException e) {
            throw new IllegalArgumentException("No packaged build in " + root.toAbsolutePath() + " (" + e
                    + "): check the build out there and run ./mvnw -q -pl dynamo-adapter -am package -DskipTests", e);
        }
    }

    /**
     * The three calls of {@link PipelineCalls} as this loader's build makes them on {@code client}
     * ({@link PipelineCalls#SDK} or {@link PipelineCalls#CANNED}); {@code builder} adjusts the table's builder (an
     * object of this loader's {@code KeyPathTable.Builder}).
     */
    @SuppressWarnings("unchecked")
    BuildCalls calls(String client, Consumer<Object> builder) {
        try {
            Class<?> type = loadClass(PipelineCalls.class.getName());
            Object calls = type.getConstructor(String.class, Consumer.class).newInstance(client, builder);
            Method call = type.getMethod("call", String.class);
            return new BuildCalls((AutoCloseable) calls, (Supplier<Object>) call.invoke(calls, "get"),
                    (Supplier<Object>) call.invoke(calls, "put"), (Supplier<Object>) call.invoke(calls, "page"));
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("The other build's calls failed: " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Cannot build the calls of the other build: " + e, e);
        }
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!name.startsWith(KEYPATH)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> loaded = findLoadedClass(name);
            if (loaded == null) {
                loaded = define(name);
            }
            if (resolve) {
                resolveClass(loaded);
            }
            return loaded;
        }
    }

    private Class<?> define(String name) throws ClassNotFoundException {
        String file = name.replace('.', '/') + ".class";
        ClassLoader source = build == null || name.startsWith(BENCHMARKS) ? application : build;
        try (InputStream in = source.getResourceAsStream(file)) {
            if (in == null) {
                throw new ClassNotFoundException(name + " is not in the other build");
            }
            byte[] bytes = in.readAllBytes();
            return defineClass(name, bytes, 0, bytes.length);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file, e);
        }
    }
}
