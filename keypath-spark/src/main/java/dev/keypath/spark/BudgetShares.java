package dev.keypath.spark;

import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;

/**
 * How a job's capacity budget is divided among its tasks: each task that may run at the same time as the others gets
 * an equal share, and no more tasks run at once than the cluster has task slots. The slots are the job's own setting
 * when given, else counted from Spark's configuration: with dynamic allocation, its maximum executors times the tasks
 * an executor runs at once; else the fixed executors' ({@code spark.executor.instances}), or Spark's default
 * parallelism (the cores of the executors running, all threads in local mode). A speculative copy of a task would
 * spend its share a second time, so a budget with speculation on is refused. Stateless.
 */
final class BudgetShares {
    private BudgetShares() {
    }

    /**
     * The tasks that may run at once for a stage of {@code partitions} partitions.
     *
     * @param configured the job's own count of task slots, or 0 to count them from Spark's configuration
     * @throws IllegalArgumentException when dynamic allocation has no maximum and the job gives no count
     */
    static int concurrentTasks(SparkContext sc, int partitions, int configured) {
        int slots = configured > 0 ? configured : slots(sc);
        return Math.max(1, Math.min(partitions, slots));
    }

    /** The share of one task: {@code unitsPerSecond} divided by the tasks that run at once. */
    static double share(SparkContext sc, double unitsPerSecond, int partitions, int configured) {
        if (unitsPerSecond <= 0) {
            return 0;
        }
        if (sc.getConf().getBoolean("spark.speculation", false)) {
            throw new IllegalArgumentException("a capacity budget is divided among the tasks that run at once, and a "
                    + "speculative copy of a task would spend its share twice: set spark.speculation=false for this "
                    + "job");
        }
        return unitsPerSecond / concurrentTasks(sc, partitions, configured);
    }

    private static int slots(SparkContext sc) {
        SparkConf conf = sc.getConf();
        int cpusPerTask = Math.max(1, conf.getInt("spark.task.cpus", 1));
        int coresPerExecutor = conf.getInt("spark.executor.cores", 0);
        if (conf.getBoolean("spark.dynamicAllocation.enabled", false)) {
            int max = conf.getInt("spark.dynamicAllocation.maxExecutors", Integer.MAX_VALUE);
            if (max == Integer.MAX_VALUE || coresPerExecutor <= 0) {
                throw new IllegalArgumentException("with dynamic allocation the tasks that may run at once are not "
                        + "known: set spark.dynamicAllocation.maxExecutors and spark.executor.cores, or give the job "
                        + "its count of task slots (concurrentTasks)");
            }
            return Math.max(1, max * (coresPerExecutor / cpusPerTask));
        }
        int instances = conf.getInt("spark.executor.instances", 0);
        if (instances > 0 && coresPerExecutor > 0) {
            return Math.max(1, instances * (coresPerExecutor / cpusPerTask));
        }
        return Math.max(1, sc.defaultParallelism() / cpusPerTask);
    }
}
