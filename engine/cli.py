def main(argv=None):
    print("hi")
