package dev.keypath.dynamodb.local;

import java.lang.reflect.Field;
import java.util.List;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * Binds DynamoDB Local's HTTP server to the loopback address and makes its threads daemons, before it starts.
 * DynamoDB Local offers no option for either: its Jetty server, built for all interfaces with non-daemon
 * threads, is reached through the proxy's one private field. Fails loudly if a DynamoDB Local release changes
 * that shape, rather than start a database open to the network.
 */
final class LoopbackDaemonServer {
    private static final String LOOPBACK = "127.0.0.1";

    private LoopbackDaemonServer() {
    }

    /**
     * Configures {@code proxy} before its start; returns the name prefixes of the server's threads that stay
     * non-daemon (its scheduler's, created with the server and not configurable).
     */
    static List<String> configure(DynamoDBProxyServer proxy) {
        Server jetty = jettyOf(proxy);
        boolean bound = false;
        for (Connector connector : jetty.getConnectors()) {
            if (connector instanceof ServerConnector http) {
                http.setHost(LOOPBACK);
                bound = true;
            } else {
                throw new IllegalStateException("DynamoDB Local has a connector keypath cannot bind to loopback: "
                        + connector);
            }
        }
        if (!bound) {
            throw new IllegalStateException("DynamoDB Local's HTTP server has no connector to bind to loopback");
        }
        if (jetty.getThreadPool() instanceof QueuedThreadPool pool) {
            pool.setDaemon(true);
        }
        return jetty.getScheduler() instanceof ScheduledExecutorScheduler scheduler && scheduler.getName() != null
                ? List.of(scheduler.getName()) : List.of();
    }

    private static Server jettyOf(DynamoDBProxyServer proxy) {
        try {
            Field field = DynamoDBProxyServer.class.getDeclaredField("server");
            field.setAccessible(true);
            return (Server) field.get(proxy);
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException("This DynamoDB Local release hides its HTTP server where keypath does "
                    + "not look for it; keypath binds it to loopback and will not start it otherwise", e);
        }
    }
}
