package dev.keypath.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathDynamoException;
import dev.keypath.dynamodb.TransactionFailedException;
import dev.keypath.dynamodb.TransactionFailedException.Failure;
import dev.keypath.dynamodb.WriteOutcomeUnknownException;
import dev.keypath.spring.web.KeyPathProblemDetails;
import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AssignableTypeFilter;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DataRetrievalFailureException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.http.ProblemDetail;
import org.springframework.util.ClassUtils;

/**
 * Every public exception type of keypath's modules (found on the class path, not listed by hand) is read the same
 * way by the exception translator and by problem details: a client status goes with a Spring exception of the same
 * meaning, and none falls through to {@link UncategorizedKeyPathDynamoException} unless it is meant to.
 */
class ExceptionCategoriesTest {
    /** Failures whose meaning no Spring exception says: a lost answer, an interrupted run, the base type. */
    private static final Set<String> MEANT_UNCATEGORIZED = Set.of(KeyPathDynamoException.class.getName(),
            WriteOutcomeUnknownException.class.getName(), "dev.keypath.migrate.MigrationInterruptedException");
    /** The Spring exceptions a problem of each status may come with. */
    private static final Map<Integer, List<Class<?>>> AGREEING = Map.of(
            400, List.of(InvalidDataAccessApiUsageException.class),
            409, List.of(DataIntegrityViolationException.class, ConcurrencyFailureException.class),
            413, List.of(DataIntegrityViolationException.class),
            500, List.of(DataRetrievalFailureException.class));

    private final KeyPathExceptionTranslator translator = new KeyPathExceptionTranslator();

    @Test
    void theScanFindsTheExceptionsOfEveryModuleAnApplicationSees() {
        assertThat(publicExceptionTypes()).extracting(Class::getName).contains("dev.keypath.KeyPathFormatException",
                "dev.keypath.dynamodb.TransactionTooLargeException", "dev.keypath.streams.UnreadableChangeException",
                "dev.keypath.export.ExportFormatException", "dev.keypath.migrate.TargetTableException",
                "dev.keypath.spring.autoconfigure.UnsupportedSpringBootException");
    }

    @Test
    void theTranslatorAndProblemDetailsAgreeOnEveryPublicExceptionType() {
        Map<String, String> disagreements = new TreeMap<>();
        for (Class<? extends RuntimeException> type : publicExceptionTypes()) {
            RuntimeException failure = sample(type);
            DataAccessException translated = translator.translate(failure, false);
            OptionalInt status = statusOf(failure);
            String seen = (translated == null ? "not translated" : translated.getClass().getSimpleName()) + ", "
                    + (status.isPresent() ? "status " + status.getAsInt() : "no problem");
            if (translated instanceof UncategorizedKeyPathDynamoException
                    && !MEANT_UNCATEGORIZED.contains(type.getName())) {
                disagreements.put(type.getName(), seen + ": uncategorized");
            } else if (status.isPresent() && !(translated == null && status.getAsInt() == 400)
                    && AGREEING.get(status.getAsInt()).stream().noneMatch(s -> s.isInstance(translated))) {
                disagreements.put(type.getName(), seen + ": the status and the Spring exception disagree");
            } else if (translated != null && !statusOf(translated).equals(status)) {
                disagreements.put(type.getName(), seen + ": its translation has another status");
            }
        }
        assertThat(disagreements).isEmpty();
    }

    @Test
    void everyPublicExceptionTypeHasItsOwnCategoryWhichBothRead() {
        for (Class<? extends RuntimeException> type : publicExceptionTypes()) {
            assertThat(KeyPathFailureCategory.isDeclaredFor(type)).as("a category declared for %s", type).isTrue();
            KeyPathFailureCategory category = KeyPathFailureCategory.of(sample(type)).orElseThrow();
            DataAccessException translated = translator.translate(sample(type), false);
            assertThat(Optional.ofNullable(translated).<Class<?>>map(Object::getClass))
                    .as("%s, %s: its Spring exception", type, category)
                    .matches(t -> t.isPresent() == category.translatedTo().isPresent()
                            && t.map(c -> category.translatedTo().get().isAssignableFrom(c)).orElse(true));
            assertThat(statusOf(sample(type))).as("%s, %s: its status", type, category).isEqualTo(category.status());
        }
    }

    private static OptionalInt statusOf(Throwable failure) {
        Optional<ProblemDetail> problem = KeyPathProblemDetails.problemOf(failure);
        return problem.isPresent() ? OptionalInt.of(problem.get().getStatus()) : OptionalInt.empty();
    }

    /**
     * The public exception types of {@code dev.keypath} that an application's code can meet: not keypath-test's
     * (test support), not the Spring exceptions the translator makes.
     */
    @SuppressWarnings("unchecked")
    private static List<Class<? extends RuntimeException>> publicExceptionTypes() {
        ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false);
        scanner.addIncludeFilter(new AssignableTypeFilter(Throwable.class));
        List<Class<? extends RuntimeException>> types = new ArrayList<>();
        for (BeanDefinition found : scanner.findCandidateComponents("dev.keypath")) {
            Class<?> type = ClassUtils.resolveClassName(found.getBeanClassName(), null);
            if (Modifier.isPublic(type.getModifiers()) && !type.getPackageName().startsWith("dev.keypath.test")
                    && !DataAccessException.class.isAssignableFrom(type)) {
                assertThat(RuntimeException.class).as("%s is unchecked", type).isAssignableFrom(type);
                types.add((Class<? extends RuntimeException>) type);
            }
        }
        types.sort(Comparator.comparing(Class::getName));
        return types;
    }

    /** An instance of {@code type}, made by its shortest constructor from plain arguments. */
    private static RuntimeException sample(Class<? extends RuntimeException> type) {
        KeyPath path = KeyPath.of("user", 1).then("post", 2);
        if (TransactionFailedException.class.isAssignableFrom(type)) {
            List<Failure> failures = List.of(new Failure(0, "put", path, "ConditionalCheckFailed", null, false));
            return type == TransactionFailedException.class ? new TransactionFailedException(failures, null)
                    : construct(type, Map.of(List.class, failures));
        }
        return construct(type, Map.of());
    }

    private static RuntimeException construct(Class<? extends RuntimeException> type, Map<Class<?>, Object> given) {
        Constructor<?> constructor = Arrays.stream(type.getDeclaredConstructors())
                .min(Comparator.comparingInt(Constructor::getParameterCount)).orElseThrow();
        Object[] arguments = Arrays.stream(constructor.getParameterTypes()).map(p -> given.containsKey(p)
                ? given.get(p) : argument(p)).toArray();
        try {
            constructor.setAccessible(true);
            return (RuntimeException) constructor.newInstance(arguments);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("cannot make a " + type.getName() + " from " + Arrays.toString(arguments), e);
        }
    }

    private static Object argument(Class<?> type) {
        if (type == String.class) {
            return "x";
        }
        if (type == KeyPath.class) {
            return KeyPath.of("user", 1).then("post", 2);
        }
        if (type == int.class || type == long.class) {
            return type == int.class ? (Object) 1 : (Object) 1L;
        }
        if (type == List.class || type == Set.class) {
            return type == List.class ? List.of() : Set.of();
        }
        if (type == Class.class) {
            return Object.class;
        }
        return type.isEnum() ? type.getEnumConstants()[0] : null;
    }
}
