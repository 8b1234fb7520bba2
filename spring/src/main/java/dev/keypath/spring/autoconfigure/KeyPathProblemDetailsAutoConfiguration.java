package dev.keypath.spring.autoconfigure;

import dev.keypath.spring.web.KeyPathProblemDetails;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;

/**
 * keypath's failures as RFC 9457 problem details in servlet web applications ({@link KeyPathProblemDetails}: 400,
 * 409, 413, 500), unless {@code keypath.dynamodb.problem-details.enabled=false} or the application declares its own
 * {@link KeyPathProblemDetails} bean.
 */
@AutoConfiguration(after = KeyPathDynamoAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(name = {"org.springframework.web.servlet.DispatcherServlet",
        "org.springframework.http.ProblemDetail"})
@ConditionalOnBooleanProperty(name = KeyPathDynamoProperties.PREFIX + ".problem-details.enabled", matchIfMissing = true)
public class KeyPathProblemDetailsAutoConfiguration {
    @Bean
    @ConditionalOnMissingBean
    KeyPathProblemDetails keyPathProblemDetails() {
        return new KeyPathProblemDetails();
    }
}
