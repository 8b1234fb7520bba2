package dev.keypath.spring.web;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.context.MessageSourceResolvable;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ResponseEntity;
import org.springframework.validation.BindingResult;
import org.springframework.validation.FieldError;
import org.springframework.validation.ObjectError;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Spring MVC's own problem details ({@code spring.mvc.problemdetails.enabled=true}, where Spring Boot answers a
 * request that fails validation with only "Invalid request content."), with each invalid field and its message under
 * {@code errors}, as keypath's problems list the fields of an invalid item:
 * <pre>{@code
 * {"status": 400, "detail": "Invalid request content.", "errors": {"email": "must be a well-formed email address"}}
 * }</pre>
 * A {@code @Valid} request body that fails ({@code MethodArgumentNotValidException}) lists its fields by name (an
 * error of the whole object under the object's name); a controller method's own constraints
 * ({@code HandlerMethodValidationException}) list its parameters by name. Everything else is answered as Spring
 * Boot answers it. keypath's auto-configuration puts it in the place of Boot's handler, with the same order, when the
 * application has no {@code ResponseEntityExceptionHandler} of its own. Stateless; thread-safe.
 */
@ControllerAdvice
@Order(0)
public class ValidationProblemDetails extends ResponseEntityExceptionHandler implements Ordered {
    @Override
    protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        ex.getBody().setProperty("errors", errors(ex.getBindingResult()));
        return super.handleMethodArgumentNotValid(ex, headers, status, request);
    }

    @Override
    protected ResponseEntity<Object> handleHandlerMethodValidationException(HandlerMethodValidationException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        Map<String, String> errors = new LinkedHashMap<>();
        ex.getParameterValidationResults().forEach(result -> {
            String parameter = result.getMethodParameter().getParameterName();
            result.getResolvableErrors().forEach(error -> add(errors,
                    error instanceof FieldError field ? parameter + "." + field.getField() : parameter, error));
        });
        ex.getBody().setProperty("errors", errors);
        return super.handleHandlerMethodValidationException(ex, headers, status, request);
    }

    @Override
    public int getOrder() {
        return 0;
    }

    private static Map<String, String> errors(BindingResult result) {
        Map<String, String> errors = new LinkedHashMap<>();
        for (ObjectError error : result.getAllErrors()) {
            add(errors, error instanceof FieldError field ? field.getField() : error.getObjectName(), error);
        }
        return errors;
    }

    private static void add(Map<String, String> errors, String name, MessageSourceResolvable error) {
        String message = error.getDefaultMessage() == null ? "is not valid" : error.getDefaultMessage();
        errors.merge(name, message, (a, b) -> a + "; " + b);
    }
}
