package dev.keypath.spark;

import dev.keypath.dynamodb.LoopbackHost;
import java.io.Serializable;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Where the driver and every executor of a job reach DynamoDB: a region (the SDK's default region chain when none is
 * given), an endpoint (DynamoDB's own unless given), and SDK interceptors to add to each client, named by class (each
 * needs a public no-argument constructor). Credentials come from the SDK's default chain on every machine (the EMR
 * instance profile, the Glue job's role); a loopback endpoint (DynamoDB Local) gets dummy ones. Each JVM builds one
 * client per connection and keeps it for its life. Immutable, serializable and thread-safe.
 *
 * <pre>{@code
 * DynamoDbConnection dynamo = DynamoDbConnection.region("eu-west-1");
 * }</pre>
 */
public final class DynamoDbConnection implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String region;
    private final String endpoint;
    private final List<String> interceptors;
    private final int maxConnections;

    private DynamoDbConnection(String region, String endpoint, List<String> interceptors, int maxConnections) {
        this.region = region;
        this.endpoint = endpoint;
        this.interceptors = List.copyOf(interceptors);
        this.maxConnections = maxConnections;
    }

    /** DynamoDB in {@code region}, e.g. {@code eu-west-1}. */
    public static DynamoDbConnection region(String region) {
        return new DynamoDbConnection(Objects.requireNonNull(region, "region"), null, List.of(), 64);
    }

    /** DynamoDB in the region the SDK's default chain finds on each machine ({@code AWS_REGION}, the instance's). */
    public static DynamoDbConnection defaultRegion() {
        return new DynamoDbConnection(null, null, List.of(), 64);
    }

    /** This connection, to {@code endpoint} instead of DynamoDB's own (a loopback one needs no region). */
    public DynamoDbConnection endpoint(URI endpoint) {
        return new DynamoDbConnection(region, endpoint.toString(), interceptors, maxConnections);
    }

    /**
     * This connection, each client also running an {@code interceptor} made with its no-argument constructor: to
     * record or inject what a job's requests do.
     */
    public DynamoDbConnection interceptor(Class<? extends ExecutionInterceptor> interceptor) {
        List<String> more = new ArrayList<>(interceptors);
        more.add(interceptor.getName());
        return new DynamoDbConnection(region, endpoint, more, maxConnections);
    }

    /** This connection, with at most {@code connections} HTTP connections per JVM (default 64). */
    public DynamoDbConnection maxConnections(int connections) {
        if (connections < 1) {
            throw new IllegalArgumentException("connections must be positive, not " + connections);
        }
        return new DynamoDbConnection(region, endpoint, interceptors, connections);
    }

    /** The region, or null for the SDK's default chain. */
    public String regionName() {
        return region;
    }

    /** The endpoint, or null for DynamoDB's own. */
    public URI endpointUri() {
        return endpoint == null ? null : URI.create(endpoint);
    }

    /** Whether the endpoint is on this machine's loopback interface (DynamoDB Local). */
    boolean loopback() {
        return LoopbackHost.isLoopback(endpointUri());
    }

    /** The class names of the interceptors each client runs. */
    List<String> interceptorClasses() {
        return interceptors;
    }

    int maxConnectionCount() {
        return maxConnections;
    }

    /** This JVM's client of this connection, built on first use and kept; never close it. */
    public DynamoDbClient client() {
        return Clients.of(this);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DynamoDbConnection c && Objects.equals(region, c.region)
                && Objects.equals(endpoint, c.endpoint) && interceptors.equals(c.interceptors)
                && maxConnections == c.maxConnections;
    }

    @Override
    public int hashCode() {
        return Objects.hash(region, endpoint, interceptors, maxConnections);
    }

    @Override
    public String toString() {
        return "DynamoDB " + (endpoint != null ? endpoint : "") + (region != null ? " in " + region : "");
    }
}
