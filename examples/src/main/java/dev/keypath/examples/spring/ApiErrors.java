package dev.keypath.examples.spring;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.validation.FieldError;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Spring MVC's errors (bad JSON, failed validation with the field errors, a parameter out of range) as RFC 9457
 * problems. keypath's own failures need nothing here: keypath's auto-configured {@code KeyPathProblemDetails} answers
 * them as problems with the library's message — the request was wrong (400), it conflicts with what is stored (409),
 * the item is too large (413, the limit in the detail), what is stored cannot be read (500, the server's fault).
 */
@RestControllerAdvice
class ApiErrors extends ResponseEntityExceptionHandler {
    @Override
    protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        ProblemDetail problem = ex.getBody();
        Map<String, String> fields = new LinkedHashMap<>();
        for (FieldError error : ex.getBindingResult().getFieldErrors()) {
            fields.put(error.getField(), error.getDefaultMessage());
        }
        problem.setDetail("Invalid request body: " + fields);
        problem.setProperty("errors", fields);
        return handleExceptionInternal(ex, problem, headers, status, request);
    }
}
