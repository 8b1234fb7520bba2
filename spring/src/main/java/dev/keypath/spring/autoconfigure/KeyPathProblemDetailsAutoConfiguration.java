package dev.keypath.spring.autoconfigure;

import dev.keypath.spring.web.KeyPathProblemDetails;
import dev.keypath.spring.web.ValidationProblemDetails;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * keypath's failures as RFC 9457 problem details in servlet web applications ({@link KeyPathProblemDetails}: 400,
 * 409, 413, 500; what they disclose beyond the request's own item from
 * {@code keypath.dynamodb.problem-details.include-*}), unless {@code keypath.dynamodb.problem-details.enabled=false}
 * or the application declares its own {@link KeyPathProblemDetails} bean. Where Spring Boot's own problem details
 * are on ({@code spring.mvc.problemdetails.enabled=true}), {@link ValidationProblemDetails} takes the place of Boot's
 * handler, listing each invalid field of a request that fails validation; it runs before Boot's web MVC
 * auto-configuration so that Boot's handler backs off, and backs off itself for the application's own
 * {@code ResponseEntityExceptionHandler}.
 */
@AutoConfiguration(after = KeyPathDynamoAutoConfiguration.class,
        beforeName = "org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(name = {"org.springframework.web.servlet.DispatcherServlet",
        "org.springframework.http.ProblemDetail"})
@ConditionalOnBooleanProperty(name = KeyPathDynamoProperties.PREFIX + ".problem-details.enabled", matchIfMissing = true)
public class KeyPathProblemDetailsAutoConfiguration {
    @Bean
    @ConditionalOnMissingBean
    KeyPathProblemDetails keyPathProblemDetails(KeyPathDynamoProperties properties) {
        KeyPathDynamoProperties.ProblemDetails settings = properties.getProblemDetails();
        return new KeyPathProblemDetails(new KeyPathProblemDetails.Disclosure(settings.isIncludeHolder(),
                settings.isIncludeException(), settings.isIncludeStacktrace()));
    }

    /** Boot's problem details of Spring MVC's own failures, with the invalid fields of a failed validation. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnBooleanProperty("spring.mvc.problemdetails.enabled")
    static class RequestValidationConfiguration {
        @Bean
        @ConditionalOnMissingBean(ResponseEntityExceptionHandler.class)
        ValidationProblemDetails keyPathValidationProblemDetails() {
            return new ValidationProblemDetails();
        }
    }
}
