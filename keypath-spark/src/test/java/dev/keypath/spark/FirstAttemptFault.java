package dev.keypath.spark;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.TaskContext;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;

/**
 * Kills a task mid-run, once: an SDK interceptor that fails the second request of the armed operation made by a
 * task's first attempt, after its first request went through, in the first task to make a second one (whichever
 * partition it reads: a segment of a scan may hold none of the items the job writes), so that Spark runs the task
 * again over what the killed attempt already wrote. Armed for one operation at a time (the tests of one JVM run one
 * after the other); {@link #kills()} counts the tasks killed.
 */
public final class FirstAttemptFault implements ExecutionInterceptor {
    private static volatile String armed;
    private static final AtomicInteger KILLS = new AtomicInteger();
    private static final Map<Long, AtomicInteger> CALLS = new ConcurrentHashMap<>();

    /** Arms the fault for requests of {@code operation} ({@code BatchWriteItem}, {@code UpdateItem}, ...). */
    static void arm(String operation) {
        CALLS.clear();
        KILLS.set(0);
        armed = operation;
    }

    /** Kills no more tasks ({@link #kills()} still counts those killed). */
    static void disarm() {
        armed = null;
    }

    /** The tasks killed since {@link #arm}. */
    static int kills() {
        return KILLS.get();
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        TaskContext task = TaskContext.get();
        String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
        if (task == null || task.attemptNumber() != 0 || !operation.equals(armed)) {
            return;
        }
        int call = CALLS.computeIfAbsent(task.taskAttemptId(), id -> new AtomicInteger()).incrementAndGet();
        if (call == 2 && KILLS.compareAndSet(0, 1)) {
            throw new IllegalStateException("task " + task.taskAttemptId() + " killed at its second " + operation);
        }
    }
}
