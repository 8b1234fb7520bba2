package dev.keypath.dynamodb.internal.operation;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** Building blocks for {@link Operation}s: a known result, one request, and operations run one after another. */
public final class Operations {
    private Operations() {
    }

    /** An operation that sends nothing and yields {@code value}. */
    public static <T> Operation<T> done(T value) {
        return new Operation<>() {
            @Override
            public Step next() {
                return Step.DONE;
            }

            @Override
            public T result() {
                return value;
            }
        };
    }

    /**
     * One request whose response {@code result} maps to the outcome; a failure goes through {@code translate}
     * (which returns the exception to throw) and ends the operation.
     */
    public static <Q, R, T> Operation<T> single(DynamoApi<Q, R> api, Q request, Function<R, T> result,
                                         Function<RuntimeException, RuntimeException> translate) {
        return new Single<>(api, request, result, e -> {
            throw translate.apply(e);
        });
    }

    /** {@link #single} whose failures end the operation unchanged. */
    public static <Q, R, T> Operation<T> single(DynamoApi<Q, R> api, Q request, Function<R, T> result) {
        return single(api, request, result, Function.identity());
    }

    /** {@code first}, then the operation {@code rest} makes of its result (built only once {@code first} is done). */
    public static <A, B> Operation<B> then(Operation<A> first, Function<A, Operation<B>> rest) {
        return new Then<>(first, rest);
    }

    /** {@code first}, with its result mapped by {@code map}. */
    public static <A, B> Operation<B> map(Operation<A> first, Function<A, B> map) {
        return then(first, a -> done(map.apply(a)));
    }

    /**
     * The operation {@code each} makes of every input, run one after another in order (each built when its turn
     * comes), yielding their results in that order.
     */
    public static <X, Y> Operation<List<Y>> inOrder(List<X> inputs, Function<X, Operation<Y>> each) {
        return new InOrder<>(inputs, each);
    }

    private static final class Single<Q, R, T> implements Operation<T> {
        private final DynamoApi<Q, R> api;
        private final Q request;
        private final Function<R, T> map;
        private final Function<RuntimeException, T> recover;
        private boolean answered;
        private T result;

        Single(DynamoApi<Q, R> api, Q request, Function<R, T> map, Function<RuntimeException, T> recover) {
            this.api = api;
            this.request = request;
            this.map = map;
            this.recover = recover;
        }

        @Override
        public Step next() {
            if (answered) {
                return Step.DONE;
            }
            return new Step.Exchange<>(api, request, response -> {
                answered = true;
                result = map.apply(response);
            }, error -> {
                result = recover.apply(error);
                answered = true;
            });
        }

        @Override
        public T result() {
            return result;
        }
    }

    private static final class Then<A, B> implements Operation<B> {
        private final Operation<A> first;
        private final Function<A, Operation<B>> rest;
        private Operation<B> second;

        Then(Operation<A> first, Function<A, Operation<B>> rest) {
            this.first = first;
            this.rest = rest;
        }

        @Override
        public Step next() {
            if (second == null) {
                Step step = first.next();
                if (step != Step.DONE) {
                    return step;
                }
                second = rest.apply(first.result());
            }
            return second.next();
        }

        @Override
        public B result() {
            return second.result();
        }

        @Override
        public void abandon(Throwable reason) {
            (second == null ? first : second).abandon(reason);
        }
    }

    private static final class InOrder<X, Y> implements Operation<List<Y>> {
        private final List<X> inputs;
        private final Function<X, Operation<Y>> each;
        private final List<Y> results;
        private Operation<Y> current;

        InOrder(List<X> inputs, Function<X, Operation<Y>> each) {
            this.inputs = inputs;
            this.each = each;
            this.results = new ArrayList<>(inputs.size());
        }

        @Override
        public Step next() {
            while (true) {
                if (current == null) {
                    if (results.size() == inputs.size()) {
                        return Step.DONE;
                    }
                    current = each.apply(inputs.get(results.size()));
                }
                Step step = current.next();
                if (step != Step.DONE) {
                    return step;
                }
                results.add(current.result());
                current = null;
            }
        }

        @Override
        public List<Y> result() {
            return results;
        }

        @Override
        public void abandon(Throwable reason) {
            if (current != null) {
                current.abandon(reason);
            }
        }
    }
}
