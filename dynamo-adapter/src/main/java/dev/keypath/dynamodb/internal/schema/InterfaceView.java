package dev.keypath.dynamodb.internal.schema;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.InvalidProjectionException;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.internal.mapping.AttributeMapParser;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A projection onto an interface: each abstract getter ({@code title()}, {@code getTitle()}, {@code isDraft()})
 * names a property of the item type, a key field or, returning {@link KeyPath}, the key path. A read turns the
 * stored attributes into the getters' types at once (so a value that does not fit fails the read, not a later
 * call) and returns a proxy that answers them; default methods run as written, and {@code equals},
 * {@code hashCode} and {@code toString} go by the values. Immutable and thread-safe.
 *
 * @param <P> the interface
 */
final class InterfaceView<P> {
    /** One getter: the property it reads, its Java type, and the key field it takes (or -1, -2 for the path). */
    private record Getter(Method method, String name, JavaType type, int keySlot) {
    }

    private static final int ATTRIBUTE = -1;
    private static final int KEY_PATH = -2;

    private final Class<P> view;
    private final DefaultItemSchema<?> source;
    private final JsonMapper mapper;
    private final Getter[] getters;
    private final String[] keyNames;

    private InterfaceView(Class<P> view, DefaultItemSchema<?> source, Getter[] getters) {
        this.view = view;
        this.source = source;
        this.mapper = source.itemMapper();
        this.getters = getters;
        this.keyNames = source.keyPropertyNames();
    }

    /**
     * Compiles the getters of {@code view}, adding the attributes they read to {@code read}; an
     * {@link InvalidProjectionException} for a getter that names nothing of the item type or takes arguments.
     */
    static <P> InterfaceView<P> of(Class<P> view, DefaultItemSchema<?> source, Map<String, Integer> keyIndex,
                                   Set<String> stored, Set<String> read) {
        Map<String, Getter> getters = new LinkedHashMap<>();
        for (Method m : view.getMethods()) {
            if (!Modifier.isAbstract(m.getModifiers()) || Modifier.isStatic(m.getModifiers())) {
                continue;
            }
            if (m.getParameterCount() > 0 || m.getReturnType() == void.class) {
                throw new InvalidProjectionException("Projection " + view.getSimpleName() + "." + m.getName()
                        + " is not a getter: a projection interface has only getters (and default methods)",
                        view, m.getName());
            }
            String name = propertyName(m);
            JavaType type = source.itemMapper().constructType(m.getGenericReturnType());
            int slot;
            if (m.getReturnType() == KeyPath.class) {
                slot = KEY_PATH;
            } else if (keyIndex.containsKey(name)) {
                slot = keyIndex.get(name);
            } else if (stored.contains(name)) {
                slot = ATTRIBUTE;
                read.add(name);
            } else {
                throw ProjectionSchema.unknown(view, m.getName(), name, source, stored);
            }
            getters.put(m.getName(), new Getter(m, name, type, slot));
        }
        return new InterfaceView<>(view, source, getters.values().toArray(Getter[]::new));
    }

    /** {@code getTitle} and {@code isDraft} (boolean) read {@code title} and {@code draft}; others their name. */
    private static String propertyName(Method m) {
        String n = m.getName();
        if (n.length() > 3 && n.startsWith("get") && Character.isUpperCase(n.charAt(3))) {
            return Character.toLowerCase(n.charAt(3)) + n.substring(4);
        }
        Class<?> r = m.getReturnType();
        if (n.length() > 2 && n.startsWith("is") && Character.isUpperCase(n.charAt(2))
                && (r == boolean.class || r == Boolean.class)) {
            return Character.toLowerCase(n.charAt(2)) + n.substring(3);
        }
        return n;
    }

    /** The view of {@code item}: its values converted now, answered by a proxy. */
    P read(Map<String, AttributeValue> item, KeyPath keyPath, Object[] keyValues) {
        AttributeMapParser parser = new AttributeMapParser(item, source.notStored(), keyNames, keyValues);
        JsonNode tree;
        try {
            tree = mapper.readerFor(JsonNode.class).readValue(parser);
        } catch (JacksonException e) {
            throw failure(keyPath, parser.failure() != null ? parser.failure().getMessage() : e.getOriginalMessage(),
                    parser.failure() != null ? parser.failure() : e);
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (Getter g : getters) {
            values.put(g.method().getName(), g.keySlot() == KEY_PATH ? keyPath : value(tree.get(g.name()), g, keyPath));
        }
        return view.cast(Proxy.newProxyInstance(view.getClassLoader(), new Class<?>[] {view},
                new Values(view, Map.copyOf(withNulls(values)))));
    }

    private Object value(JsonNode node, Getter g, KeyPath keyPath) {
        Class<?> raw = g.type().getRawClass();
        if (node == null || node.isNull()) {
            return raw.isPrimitive() ? Array.get(Array.newInstance(raw, 1), 0) : null;
        }
        try {
            return mapper.treeToValue(node, g.type());
        } catch (JacksonException e) {
            throw failure(keyPath, "attribute '" + g.name() + "' does not fit " + view.getSimpleName() + "."
                    + g.method().getName() + "(): " + e.getOriginalMessage(), e);
        }
    }

    private UnreadableItemException failure(KeyPath keyPath, String message, Exception cause) {
        return new UnreadableItemException("Stored " + source.typeName() + " cannot be read as " + view.getName()
                + ": " + message, keyPath, cause);
    }

    /** Null values kept as a marker, since {@link Map#copyOf} refuses nulls. */
    private static Map<String, Object> withNulls(Map<String, Object> values) {
        Map<String, Object> out = new LinkedHashMap<>();
        values.forEach((k, v) -> out.put(k, v == null ? Values.NULL : v));
        return out;
    }

    /** The proxy's handler: getters answer their values; default methods run; equality by values. */
    private record Values(Class<?> view, Map<String, Object> values) implements InvocationHandler {
        static final Object NULL = new Object();

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            String name = method.getName();
            if (method.getDeclaringClass() == Object.class) {
                return switch (name) {
                    case "equals" -> args[0] != null && Proxy.isProxyClass(args[0].getClass())
                            && Proxy.getInvocationHandler(args[0]) instanceof Values other && other.equals(this);
                    case "hashCode" -> hashCode();
                    default -> toString();
                };
            }
            if (method.isDefault()) {
                return invokeDefault(proxy, method, args);
            }
            Object v = values.get(name);
            return v == NULL ? null : v;
        }

        /**
         * Runs a default method of the view on {@code proxy}; through a private lookup in its interface, since
         * {@link InvocationHandler#invokeDefault} refuses interfaces that are not public.
         */
        private static Object invokeDefault(Object proxy, Method method, Object[] args) throws Throwable {
            Class<?> declaring = method.getDeclaringClass();
            MethodHandle handle;
            try {
                handle = MethodHandles.privateLookupIn(declaring, MethodHandles.lookup())
                        .unreflectSpecial(method, declaring);
            } catch (IllegalAccessException e) {
                return InvocationHandler.invokeDefault(proxy, method, args);
            }
            return handle.bindTo(proxy).invokeWithArguments(args == null ? new Object[0] : args);
        }

        @Override
        public String toString() {
            StringBuilder b = new StringBuilder(view.getSimpleName()).append('[');
            values.forEach((k, v) -> b.append(b.charAt(b.length() - 1) == '[' ? "" : ", ").append(k).append('=')
                    .append(v == NULL ? "null" : v instanceof byte[] bytes ? Arrays.toString(bytes) : v));
            return b.append(']').toString();
        }
    }
}
