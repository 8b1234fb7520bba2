package dev.keypath.spark;

import java.lang.reflect.InvocationTargetException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * The SDK clients of this JVM, one per {@link DynamoDbConnection}, built on first use and kept for the JVM's life:
 * every task an executor runs shares them (and their connection pools). Thread-safe.
 */
final class Clients {
    /** The region of a loopback endpoint given none. */
    static final String LOCAL_REGION = "us-east-1";
    private static final Map<DynamoDbConnection, DynamoDbClient> CLIENTS = new ConcurrentHashMap<>();

    private Clients() {
    }

    static DynamoDbClient of(DynamoDbConnection connection) {
        return CLIENTS.computeIfAbsent(connection, Clients::build);
    }

    private static DynamoDbClient build(DynamoDbConnection c) {
        DynamoDbClientBuilder b = DynamoDbClient.builder()
                .httpClientBuilder(Apache5HttpClient.builder().maxConnections(c.maxConnectionCount()));
        if (c.endpointUri() != null) {
            b.endpointOverride(c.endpointUri());
        }
        if (c.regionName() != null) {
            b.region(Region.of(c.regionName()));
        } else if (c.loopback()) {
            b.region(Region.of(LOCAL_REGION));
        }
        b.credentialsProvider(c.loopback()
                ? StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"))
                : DefaultCredentialsProvider.builder().build());
        b.overrideConfiguration(o -> {
            o.apiCallAttemptTimeout(Duration.ofSeconds(30));
            for (String name : c.interceptorClasses()) {
                o.addExecutionInterceptor(interceptor(name));
            }
        });
        return b.build();
    }

    private static ExecutionInterceptor interceptor(String name) {
        try {
            Class<?> type = Class.forName(name, true, Thread.currentThread().getContextClassLoader());
            return (ExecutionInterceptor) type.getConstructor().newInstance();
        } catch (ClassNotFoundException | NoSuchMethodException | InstantiationException | IllegalAccessException
                 | InvocationTargetException | ClassCastException e) {
            throw new IllegalArgumentException("the SDK interceptor " + name + " cannot be made: it must be an "
                    + "ExecutionInterceptor with a public no-argument constructor on the job's class path (" + e + ")",
                    e);
        }
    }
}
