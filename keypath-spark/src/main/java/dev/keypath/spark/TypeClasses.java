package dev.keypath.spark;

/** Loads the classes a job names by text (item types), from the job's jars. Stateless. */
final class TypeClasses {
    private TypeClasses() {
    }

    /**
     * The class called {@code name}.
     *
     * @throws IllegalArgumentException naming the class when it is not on the job's class path
     */
    static Class<?> load(String name) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        try {
            return Class.forName(name, true, loader != null ? loader : TypeClasses.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("the item type " + name + " is not on the job's class path (add its "
                    + "jar with --jars, or Glue's --extra-jars)", e);
        }
    }
}
