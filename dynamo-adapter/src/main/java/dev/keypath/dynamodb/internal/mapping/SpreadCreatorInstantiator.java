package dev.keypath.dynamodb.internal.mapping;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.deser.std.StdValueInstantiator;

/**
 * Jackson's standard value instantiator, except that the property-based creator Jackson chose (a record's canonical
 * constructor, a {@code @JsonCreator} constructor or static factory) is called through a method handle spread over
 * the argument array once, instead of Jackson 3's {@code MethodHandle.invokeWithArguments}, which adapts the handle
 * on every call. Same creator, same arguments, same error handling; everything else is inherited unchanged.
 * Thread-safe.
 */
final class SpreadCreatorInstantiator extends StdValueInstantiator {
    private static final long serialVersionUID = 1L;
    private static final MethodType SPREAD = MethodType.methodType(Object.class, Object[].class);

    private final transient Executable creator;
    /** Resolved on first use (Jackson has made the creator accessible by then); null until, or if it cannot be. */
    private transient volatile MethodHandle handle;
    private transient volatile boolean unavailable;

    private SpreadCreatorInstantiator(StdValueInstantiator src, Executable creator) {
        super(src);
        this.creator = creator;
    }

    /** {@code src} with its property-based creator called through a spread handle, or {@code src} if it has none. */
    public static StdValueInstantiator of(StdValueInstantiator src) {
        if (src.getClass() != StdValueInstantiator.class || !src.canCreateFromObjectWith()
                || src.getWithArgsCreator() == null) {
            return src;
        }
        Object member = src.getWithArgsCreator().getMember();
        if (member instanceof Constructor<?> c) {
            return new SpreadCreatorInstantiator(src, c);
        }
        if (member instanceof Method m && Modifier.isStatic(m.getModifiers())) {
            return new SpreadCreatorInstantiator(src, m);
        }
        return src;
    }

    @Override
    public Object createFromObjectWith(DeserializationContext ctxt, Object[] args) {
        MethodHandle h = handle != null ? handle : resolve();
        if (h == null) {
            return super.createFromObjectWith(ctxt, args);
        }
        try {
            return h.invokeExact(args);
        } catch (Error e) {
            throw e;
        } catch (Throwable t) {
            Exception e = t instanceof Exception x ? x : new RuntimeException(t);
            return ctxt.handleInstantiationProblem(_valueClass, args, rewrapCtorProblem(ctxt, e));
        }
    }

    private MethodHandle resolve() {
        if (unavailable) {
            return null;
        }
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            MethodHandle h = creator instanceof Constructor<?> c ? lookup.unreflectConstructor(c)
                    : lookup.unreflect((Method) creator);
            h = h.asSpreader(Object[].class, creator.getParameterCount()).asType(SPREAD);
            handle = h;
            return h;
        } catch (IllegalAccessException | RuntimeException e) {
            unavailable = true; // Jackson's own call path still works
            return null;
        }
    }
}
