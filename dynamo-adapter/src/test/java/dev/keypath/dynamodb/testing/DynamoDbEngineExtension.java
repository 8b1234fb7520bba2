package dev.keypath.dynamodb.testing;

import java.net.URI;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * JUnit 5 extension giving tests the shared {@link DynamoDbTestEngine}: parameters of type
 * {@link DynamoDbClient} (the shared client) and {@link URI} (the endpoint) are injected into constructors,
 * lifecycle methods and tests. Use with {@code @ExtendWith(DynamoDbEngineExtension.class)}. Stateless and
 * thread-safe.
 */
public final class DynamoDbEngineExtension implements ParameterResolver {
    @Override
    public boolean supportsParameter(ParameterContext p, ExtensionContext e) {
        Class<?> t = p.getParameter().getType();
        return t == DynamoDbClient.class || t == URI.class;
    }

    @Override
    public Object resolveParameter(ParameterContext p, ExtensionContext e) {
        return p.getParameter().getType() == DynamoDbClient.class ? DynamoDbTestEngine.client()
                : DynamoDbTestEngine.endpoint();
    }
}
