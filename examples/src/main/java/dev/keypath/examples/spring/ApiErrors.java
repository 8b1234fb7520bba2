package dev.keypath.examples.spring;

import dev.keypath.dynamodb.ItemTooLargeException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DataRetrievalFailureException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.validation.FieldError;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Every error of the API as an RFC 9457 problem whose detail is the library's own message: Spring MVC's errors
 * (bad JSON, failed validation with the field errors, a parameter out of range) through
 * {@link ResponseEntityExceptionHandler}, and keypath's {@link DataAccessException}s by what they mean for the
 * client: its request was wrong (400), the item is too large (413, the limit in the detail), it conflicts with
 * what is stored (409), or what is stored cannot be read (500, the server's fault).
 */
@RestControllerAdvice
class ApiErrors extends ResponseEntityExceptionHandler {
    @ExceptionHandler(InvalidDataAccessApiUsageException.class)
    ProblemDetail badRequest(InvalidDataAccessApiUsageException e) {
        return problem(HttpStatus.BAD_REQUEST, e);
    }

    @ExceptionHandler(DataIntegrityViolationException.class)
    ProblemDetail integrity(DataIntegrityViolationException e) {
        if (e.getCause() instanceof ItemTooLargeException) {
            return problem(HttpStatus.CONTENT_TOO_LARGE, e);
        }
        return problem(e instanceof DuplicateKeyException ? HttpStatus.CONFLICT : HttpStatus.UNPROCESSABLE_CONTENT, e);
    }

    @ExceptionHandler(ConcurrencyFailureException.class)
    ProblemDetail conflict(ConcurrencyFailureException e) {
        return problem(HttpStatus.CONFLICT, e);
    }

    @ExceptionHandler(DataRetrievalFailureException.class)
    ProblemDetail unreadable(DataRetrievalFailureException e) {
        return problem(HttpStatus.INTERNAL_SERVER_ERROR, e);
    }

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

    private static ProblemDetail problem(HttpStatus status, DataAccessException e) {
        return ProblemDetail.forStatusAndDetail(status, e.getMessage());
    }
}
