package dev.keypath.spring.autoconfigure;

import dev.keypath.micrometer.KeyPathObservations;
import dev.keypath.spring.autoconfigure.KeyPathObservationProperties.Mode;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.observation.GlobalObservationConvention;
import io.micrometer.observation.ObservationFilter;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationPredicate;
import io.micrometer.observation.ObservationRegistry;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.annotation.AnnotatedBeanDefinition;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;
import org.springframework.core.type.MethodMetadata;
import org.springframework.util.ClassUtils;

/**
 * What {@code keypath.dynamodb.observations.mode=auto} gives the table: an observation per operation when anything
 * but Micrometer's {@link DefaultMeterObservationHandler} could see one, the meters alone otherwise (the same timer
 * and counters, made directly at a fraction of the cost). When in doubt, observations.
 *
 * <p>Spring Boot fills its {@link ObservationRegistry} from beans: every {@link ObservationHandler} bean (grouped by
 * the {@code ObservationHandlerGroup} beans), every {@code ObservationRegistryCustomizer}, {@link ObservationFilter},
 * {@link ObservationPredicate} and {@link GlobalObservationConvention} bean. Without tracing, the only one of these
 * it declares itself that reaches keypath's observations is its {@code DefaultMeterObservationHandler}, which turns
 * each into the {@code keypath.operation} timer (and a long-task timer); its filter and predicate act only as
 * {@code management.observations.key-values} and {@code management.observations.enable} say. So the meters alone
 * are chosen only when all of these hold:
 * <ul>
 *   <li>the observation registry is Spring Boot's own (an application's may hold handlers no bean shows), and there
 *       is one {@code MeterRegistry} for the meters;</li>
 *   <li>no tracer bean ({@code io.micrometer.tracing.Tracer}: with one, Spring Boot's tracing turns observations
 *       into spans and wraps the meter handler);</li>
 *   <li>every {@code ObservationHandler} bean is a plain {@code DefaultMeterObservationHandler};</li>
 *   <li>no {@code ObservationRegistryCustomizer} bean (Spring Boot declares none; one may add handlers), no
 *       {@code ObservationHandlerGroup} bean but Spring Boot's metrics group, and no filter, predicate or global
 *       convention bean but Spring Boot's own;</li>
 *   <li>{@code management.observations.key-values} is empty and no {@code management.observations.enable} entry
 *       names keypath's observations (or {@code all});</li>
 *   <li>{@code keypath.dynamodb.observations.requests} is false.</li>
 * </ul>
 * Without an observation registry there is nothing to observe: the meters alone (and nothing at all without a single
 * meter registry either). Handlers added to the registry by
 * other means (code that calls {@code observationConfig()} itself) cannot be seen: mode {@code observations} is
 * then the way to have them. Stateless.
 */
final class AutoObserverMode {
    static final String TRACER = "io.micrometer.tracing.Tracer";
    static final String CUSTOMIZER =
            "org.springframework.boot.micrometer.observation.autoconfigure.ObservationRegistryCustomizer";
    static final String HANDLER_GROUP =
            "org.springframework.boot.micrometer.observation.autoconfigure.ObservationHandlerGroup";
    /** Spring Boot's declarer of the observation registry and of its property-driven filter and predicate. */
    static final String BOOT_OBSERVATIONS = KeyPathLedgerAutoConfiguration.OBSERVATION_AUTO_CONFIGURATION;
    /** Spring Boot's declarer of the meter handler and its group. */
    static final String BOOT_METRICS =
            "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration";
    /** The names of keypath's observations, as {@code management.observations.enable} looks them up. */
    private static final List<String> OBSERVATION_NAMES = List.of(KeyPathObservations.OPERATION,
            KeyPathObservations.REQUEST);

    /** What auto chose (observations, meters or, with neither registry to use, nothing), and why. */
    record Choice(Mode mode, String reason) {
        Choice(boolean observations, String reason) {
            this(observations ? Mode.OBSERVATIONS : Mode.METERS, reason);
        }
    }

    private AutoObserverMode() {
    }

    /**
     * Chooses for an application whose beans are {@code beans}: {@code observationRegistry} and
     * {@code meterRegistry} tell whether it has one of each that keypath would use.
     */
    static Choice choose(ConfigurableListableBeanFactory beans, Environment environment,
                         KeyPathObservationProperties properties, boolean observationRegistry,
                         boolean meterRegistry) {
        if (!observationRegistry) {
            return meterRegistry ? new Choice(false, "the application has no ObservationRegistry")
                    : new Choice(Mode.NONE, "the application has no ObservationRegistry "
                            + "and no single MeterRegistry");
        }
        if (properties.isRequests()) {
            return new Choice(true, KeyPathObservationProperties.PREFIX + ".requests=true asks for an observation "
                    + "of each DynamoDB request");
        }
        if (!meterRegistry) {
            return new Choice(true, "the application has no single MeterRegistry for the meters alone");
        }
        ClassLoader loader = beans.getBeanClassLoader();
        String[] tracers = names(beans, TRACER, loader);
        if (tracers.length > 0) {
            return new Choice(true, "the tracer bean '" + tracers[0] + "' can turn observations into spans");
        }
        for (String name : beans.getBeanNamesForType(ObservationRegistry.class, true, false)) {
            if (!declaredBy(beans, name, BOOT_OBSERVATIONS)) {
                return new Choice(true, "the ObservationRegistry bean '" + name + "' is the application's own, "
                        + "whose handlers cannot all be seen");
            }
        }
        for (String name : beans.getBeanNamesForType(ObservationHandler.class, true, false)) {
            Class<?> type = beans.getType(name);
            if (type != DefaultMeterObservationHandler.class) {
                return new Choice(true, "the observation handler bean '" + name + "' ("
                        + (type == null ? "of unknown type" : type.getName()) + ") sees observations");
            }
        }
        String[] customizers = names(beans, CUSTOMIZER, loader);
        if (customizers.length > 0) {
            return new Choice(true, "the ObservationRegistryCustomizer bean '" + customizers[0]
                    + "' may add handlers");
        }
        for (String name : names(beans, HANDLER_GROUP, loader)) {
            if (!declaredBy(beans, name, BOOT_METRICS)) {
                return new Choice(true, "the ObservationHandlerGroup bean '" + name + "' may register handlers");
            }
        }
        for (Class<?> type : List.of(ObservationFilter.class, ObservationPredicate.class,
                GlobalObservationConvention.class)) {
            for (String name : beans.getBeanNamesForType(type, true, false)) {
                if (!declaredBy(beans, name, BOOT_OBSERVATIONS)) {
                    return new Choice(true, "the " + type.getSimpleName() + " bean '" + name + "' may change "
                            + "what an observation's meters are named and tagged, or whether there is one");
                }
            }
        }
        Binder binder = Binder.get(environment);
        if (!binder.bind("management.observations.key-values", Bindable.mapOf(String.class, String.class))
                .orElse(Map.of()).isEmpty()) {
            return new Choice(true, "management.observations.key-values tags every observation's meters");
        }
        for (String key : binder.bind("management.observations.enable", Bindable.mapOf(String.class, String.class))
                .orElse(Map.of()).keySet()) {
            if (namesKeyPath(key)) {
                return new Choice(true, "management.observations.enable." + key + " turns keypath's observations "
                        + "on or off");
            }
        }
        return new Choice(false, "the only observation handler is Micrometer's DefaultMeterObservationHandler, "
                + "whose timer the meters make directly");
    }

    /** Whether {@code management.observations.enable.<key>} applies to one of keypath's observations. */
    static boolean namesKeyPath(String key) {
        if (key.equals("all")) {
            return true;
        }
        for (String name : OBSERVATION_NAMES) {
            if (name.equals(key) || name.startsWith(key + ".")) {
                return true;
            }
        }
        return false;
    }

    /** The beans of the type named {@code typeName}, none when it is not on the classpath. */
    private static String[] names(ConfigurableListableBeanFactory beans, String typeName, ClassLoader loader) {
        if (!ClassUtils.isPresent(typeName, loader)) {
            return new String[0];
        }
        return beans.getBeanNamesForType(ClassUtils.resolveClassName(typeName, loader), true, false);
    }

    /** Whether bean {@code name} comes from a {@code @Bean} method of the class named {@code declarer}. */
    private static boolean declaredBy(ConfigurableListableBeanFactory beans, String name, String declarer) {
        if (!beans.containsBeanDefinition(name)) {
            return false;
        }
        BeanDefinition definition = beans.getBeanDefinition(name);
        MethodMetadata method = definition instanceof AnnotatedBeanDefinition annotated
                ? annotated.getFactoryMethodMetadata() : null;
        return method != null && declarer.equals(method.getDeclaringClassName());
    }
}
