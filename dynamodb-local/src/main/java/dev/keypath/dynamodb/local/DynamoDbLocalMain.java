package dev.keypath.dynamodb.local;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * DynamoDB Local as a process of its own, for development: bound to loopback, in memory or on a data directory,
 * until Ctrl-C (or any other request to end the JVM) stops it. The module's runnable jar runs it:
 *
 * <pre>
 * java -jar target/runnable/keypath-dynamodb-local-&lt;version&gt;-runnable.jar [--port 8000] [--data-dir DIR]
 * </pre>
 *
 * It prints the endpoint, where the data lives and how to point an application and a test run at it, then waits.
 * Exit status 2 for arguments it does not take, 1 when the engine does not start.
 */
public final class DynamoDbLocalMain {
    static final String USAGE = """
            Usage: java -jar keypath-dynamodb-local-<version>-runnable.jar [--port PORT] [--data-dir DIR]
            Runs DynamoDB Local on 127.0.0.1 until Ctrl-C.
              --port PORT     the port to listen on (default 8000; 0 for a free one)
              --data-dir DIR  keep the tables in DIR, so that they survive a restart (default: in memory)
              --help          this text""";
    private static final int DEFAULT_PORT = 8000;

    private DynamoDbLocalMain() {
    }

    /** Starts the engine and waits until the JVM is asked to end. */
    public static void main(String[] args) throws InterruptedException {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        if (options.help()) {
            System.out.println(USAGE);
            return;
        }
        EmbeddedDynamoDb engine;
        try {
            engine = EmbeddedDynamoDb.builder().port(options.port()).dataDirectory(options.dataDirectory()).start();
        } catch (IllegalStateException e) {
            System.err.println("keypath: " + e.getMessage());
            System.exit(1);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            engine.close();
            System.out.println("keypath: DynamoDB Local stopped");
            stopped.countDown();
        }, "keypath-dynamodb-local-stop"));
        describe(engine, System.out);
        stopped.await();
    }

    /** What the engine is and how to use it, one line each. */
    static void describe(EmbeddedDynamoDb engine, PrintStream out) {
        out.println("keypath: DynamoDB Local at " + engine.endpoint() + ", data "
                + engine.dataDirectory().map(d -> "in " + d).orElse("in memory (lost when it stops)"));
        out.println("keypath: an application:  keypath.dynamodb.endpoint=" + engine.endpoint()
                + " keypath.dynamodb.create-table-if-missing=true");
        out.println("keypath: a test run:      ./mvnw verify -Dkeypath.dynamodb.endpoint=" + engine.endpoint()
                + "  (or AWS_ENDPOINT_URL_DYNAMODB=" + engine.endpoint() + ")");
        out.println("keypath: Ctrl-C stops it");
        out.flush();
    }

    /** The command line, checked. */
    record Options(int port, Path dataDirectory, boolean help) {
        static Options parse(String[] args) {
            int port = DEFAULT_PORT;
            Path directory = null;
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--help", "-h" -> {
                        return new Options(port, directory, true);
                    }
                    case "--port" -> port = port(value(args, ++i, "--port"));
                    case "--data-dir" -> directory = Path.of(value(args, ++i, "--data-dir"));
                    default -> throw new IllegalArgumentException("keypath: unknown argument '" + args[i] + "'");
                }
            }
            return new Options(port, directory, false);
        }

        private static String value(String[] args, int i, String option) {
            if (i >= args.length || args[i].startsWith("--")) {
                throw new IllegalArgumentException("keypath: " + option + " needs a value");
            }
            return args[i];
        }

        private static int port(String text) {
            try {
                int port = Integer.parseInt(text);
                if (port >= 0 && port <= 65_535) {
                    return port;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException("keypath: --port takes a number from 0 to 65535, not '" + text + "'");
        }
    }
}
