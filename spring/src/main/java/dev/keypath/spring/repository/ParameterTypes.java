package dev.keypath.spring.repository;

import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import org.springframework.core.MethodParameter;
import org.springframework.core.ResolvableType;
import org.springframework.data.repository.query.parser.Part;
import org.springframework.util.ClassUtils;

/**
 * Whether a query method's argument can stand for the property its condition names: the same type (boxed or
 * not), a subtype, or a narrower number of the same kind (an {@code int} for a {@code long} id); a collection or
 * array of such for {@code In}; an element for {@code Containing} on a collection. Checked at startup so that a
 * {@code String} bound for a {@code long} id is an error, not a query that silently finds nothing.
 */
final class ParameterTypes {
    private static final List<Class<?>> INTEGERS = List.of(Byte.class, Short.class, Integer.class, Long.class,
            BigInteger.class);
    private static final List<Class<?>> DECIMALS = List.of(Float.class, Double.class, BigDecimal.class);

    private ParameterTypes() {
    }

    /**
     * Null if argument {@code index} of {@code method} fits {@code property} for a condition of {@code type}, else
     * what is wrong, naming the parameter (1-based, as written) and the property.
     */
    static String problem(Method method, int index, Part.Type type, String path, ResolvableType property) {
        ResolvableType argument = ResolvableType.forMethodParameter(new MethodParameter(method, index));
        String which = "parameter " + (index + 1) + " (" + simpleName(argument) + ")";
        String wanted = "'" + path + "' (" + simpleName(property) + ")";
        switch (type) {
            case IN, NOT_IN -> {
                ResolvableType element = elementOf(argument);
                if (element == null) {
                    return which + " of " + keyword(type) + " must be a collection or array of " + wanted
                            + "'s values";
                }
                return fits(element, property) ? null : which + " holds values that do not fit " + wanted;
            }
            case CONTAINING, NOT_CONTAINING -> {
                ResolvableType element = elementOf(property);
                ResolvableType expected = element != null ? element : property;
                return fits(argument, expected) ? null : which + " does not fit " + wanted
                        + (element != null ? "'s elements" : "");
            }
            default -> {
                return fits(argument, property) ? null : which + " does not fit " + wanted + "; declare it as "
                        + simpleName(property);
            }
        }
    }

    private static boolean fits(ResolvableType argument, ResolvableType property) {
        Class<?> a = argument.resolve(Object.class);
        Class<?> p = property.resolve(Object.class);
        if (ClassUtils.isAssignable(p, a)) {
            return true;
        }
        Class<?> boxedA = ClassUtils.resolvePrimitiveIfNecessary(a);
        Class<?> boxedP = ClassUtils.resolvePrimitiveIfNecessary(p);
        return narrower(INTEGERS, boxedA, boxedP) || narrower(DECIMALS, boxedA, boxedP);
    }

    private static boolean narrower(List<Class<?>> kind, Class<?> argument, Class<?> property) {
        int a = kind.indexOf(argument);
        int p = kind.indexOf(property);
        return a >= 0 && p >= 0 && a <= p;
    }

    /** The element type of a collection, iterable or array type; null if it is none of these. */
    private static ResolvableType elementOf(ResolvableType type) {
        if (type.isArray()) {
            return type.getComponentType();
        }
        if (Iterable.class.isAssignableFrom(type.resolve(Object.class))) {
            return type.as(Iterable.class).getGeneric(0);
        }
        return null;
    }

    private static String simpleName(ResolvableType type) {
        return type.toString().replaceAll("[a-zA-Z_$][a-zA-Z0-9_$]*\\.", "");
    }

    private static String keyword(Part.Type type) {
        return type.getKeywords().isEmpty() ? type.name() : type.getKeywords().iterator().next();
    }
}
