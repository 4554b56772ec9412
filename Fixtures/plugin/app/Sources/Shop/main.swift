print("Shop")
